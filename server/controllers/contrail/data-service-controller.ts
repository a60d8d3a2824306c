import type { KubernetesObject, V1Secret } from '@kubernetes/client-node';
import { isConflict } from '../../kube/apply';
import type { ControllerContext } from '../../kube/controller-context';
import type { IndexDeclaration, ReconcileResult } from '../../kube/controller-declaration';
import { kubeRequestJson } from '../../kube/kube-request';
import {
  collectionPath,
  configMapResource,
  podResource,
  secretResource,
  serviceResource,
  statefulSetResource,
} from '../../kube/resource';
import { MANAGED_BY, MANAGED_BY_LABEL, syncOwnedObjects } from '../../kube/sync-owned-objects';
import { writeStatus } from '../../kube/write-status';
import type { RackpilotController } from '../controller-services';
import { secretName, serviceName, SERVICE_TYPE_LABEL, statefulSetName } from './contrail-names';
import {
  cassandraKind,
  rabbitmqKind,
  zookeeperKind,
  type DataService,
  type DataServiceKind,
} from './data-service-kinds';
import { planDataService } from './plan-data-service';

/** Pods of Contrail services by `namespace/type/name`, so a pod event and a reconcile look up, not scan. */
export const SERVICE_POD_INDEX = 'contrail-service';

export function servicePodIndexValues(pod: KubernetesObject): string[] {
  const type = pod.metadata?.labels?.[SERVICE_TYPE_LABEL];
  const name = type ? pod.metadata?.labels?.[type] : undefined;
  return type && name ? [`${pod.metadata?.namespace ?? ''}/${type}/${name}`] : [];
}

/**
 * Pods carry their service's labels (serviceLabels), so the pods without SERVICE_TYPE_LABEL
 * matter to no Contrail controller or page: the pod cache holds only the labelled ones, not every pod of
 * the cluster.
 */
export const SERVICE_POD_SELECTOR = SERVICE_TYPE_LABEL;

export const servicePodIndex: IndexDeclaration = {
  resource: podResource,
  name: SERVICE_POD_INDEX,
  values: servicePodIndexValues,
  labelSelector: SERVICE_POD_SELECTOR,
};

/** Creates the generated Secret once; a 409 means an earlier pass made it and the cache will show it. */
async function createSecretOnce(ctx: ControllerContext, secret: V1Secret): Promise<void> {
  const labels: Record<string, string> = Object.assign({}, secret.metadata?.labels, {
    [MANAGED_BY_LABEL]: MANAGED_BY,
  });
  try {
    await kubeRequestJson(ctx.kc, collectionPath(secretResource, secret.metadata?.namespace), {
      method: 'POST',
      body: Object.assign({}, secret, { metadata: Object.assign({}, secret.metadata, { labels }) }),
      query: { fieldManager: 'rackpilot' },
    });
    ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'create' });
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
}

async function reconcileDataService(
  ctx: ControllerContext,
  kind: DataServiceKind,
  object: DataService,
): Promise<ReconcileResult | undefined> {
  const namespace = object.metadata.namespace ?? '';
  const name = object.metadata.name ?? '';
  const pods = ctx.informers.of(podResource).byIndex(SERVICE_POD_INDEX, `${namespace}/${kind.type}/${name}`);
  const plan = planDataService(
    kind,
    {
      object,
      pods,
      statefulSet: ctx.informers.of(statefulSetResource).get(statefulSetName(kind.type, name), namespace),
      service: ctx.informers.of(serviceResource).get(serviceName(kind.type, name), namespace),
      secret: ctx.informers.of(secretResource).get(secretName(name), namespace),
    },
    new Date(),
  );
  if (plan.createSecret) {
    // The Secret's add event brings the object back with the Secret in the cache.
    await createSecretOnce(ctx, plan.createSecret);
    await syncOwnedObjects(ctx, object, plan.objects, false);
    return undefined;
  }
  await syncOwnedObjects(ctx, object, plan.objects);
  await writeStatus(ctx, kind.resource, object as KubernetesObject & { status?: object }, plan.status);
  return undefined;
}

function dataServiceDeclaration(kind: DataServiceKind): RackpilotController<DataService> {
  return {
    name: kind.type,
    switch: 'contrail',
    reconciles: kind.resource,
    owns: [secretResource, configMapResource, serviceResource, statefulSetResource],
    watches: [
      {
        resource: podResource,
        labelSelector: SERVICE_POD_SELECTOR,
        map: (pod) => {
          const type = pod.metadata?.labels?.[SERVICE_TYPE_LABEL];
          const owner = type === kind.type ? pod.metadata?.labels?.[type] : undefined;
          return owner ? [`${pod.metadata?.namespace ?? ''}/${owner}`] : [];
        },
      },
    ],
    indexes: [servicePodIndex],
    workers: 4,
    setup: (ctx) => ({ reconcile: (object) => reconcileDataService(ctx, kind, object) }),
  };
}

export const cassandraDeclaration = dataServiceDeclaration(cassandraKind);
export const zookeeperDeclaration = dataServiceDeclaration(zookeeperKind);
export const rabbitmqDeclaration = dataServiceDeclaration(rabbitmqKind);
