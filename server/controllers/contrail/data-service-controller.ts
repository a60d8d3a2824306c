import type { KubernetesObject } from '@kubernetes/client-node';
import type { ClusterReads } from '../../kube/cluster-reads';
import type { ControllerContext } from '../../kube/controller-context';
import type { IndexDeclaration } from '../../kube/controller-declaration';
import { createSecretOnce } from '../../kube/create-secret-once';
import { reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import {
  configMapResource,
  podResource,
  secretResource,
  serviceResource,
  statefulSetResource,
} from '../../kube/resource';
import type { RackpilotController } from '../controller-services';
import { caSecretWatch, componentCertificates, type CertificateAccess } from './component-certificates';
import { secretName, serviceName, SERVICE_TYPE_LABEL, statefulSetName } from './contrail-names';
import {
  cassandraKind,
  rabbitmqKind,
  zookeeperKind,
  type DataService,
  type DataServiceKind,
} from './data-service-kinds';
import { planDataService, type DataServiceObserved, type DataServicePlan } from './plan-data-service';

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

/**
 * What the data-service planner reads: the service's pods, StatefulSet, Service and generated Secret,
 * and for a TLS kind its certificates kept or signed. From the controller's caches, or from a listing
 * (the benchmark's floor).
 */
export async function observeDataService(
  reads: ClusterReads,
  access: CertificateAccess,
  kind: DataServiceKind,
  object: DataService,
  certificateLifetimeMs: number,
): Promise<DataServiceObserved> {
  const namespace = object.metadata.namespace ?? '';
  const name = object.metadata.name ?? '';
  const pods = reads.of(podResource).byIndex(SERVICE_POD_INDEX, `${namespace}/${kind.type}/${name}`);
  const service = reads.of(serviceResource).get(serviceName(kind.type, name), namespace);
  return {
    object,
    pods,
    statefulSet: reads.of(statefulSetResource).get(statefulSetName(kind.type, name), namespace),
    service,
    secret: reads.of(secretResource).get(secretName(name), namespace),
    // Signed by the same CA and issuer as the components' (component-certificates.ts).
    certificates: kind.tls
      ? await componentCertificates(
          access,
          { namespace, name },
          pods,
          { name: serviceName(kind.type, name), namespace, clusterIP: service?.spec?.clusterIP },
          new Date(),
          certificateLifetimeMs,
        )
      : undefined,
  };
}

/** Observe from the caches, plan, and create the generated Secret once before anything uses it. */
function reconcileSteps(
  ctx: ControllerContext,
  kind: DataServiceKind,
  certificateLifetimeMs: number,
): ReconcileSteps<DataService, DataServiceObserved, DataServicePlan> {
  return {
    resource: kind.resource,
    observe: (object) => observeDataService(ctx.informers, ctx, kind, object, certificateLifetimeMs),
    plan: (observed, { now }) => planDataService(kind, observed, now),
    act: async (plan) => {
      if (plan.createSecret) await createSecretOnce(ctx, plan.createSecret);
      return undefined;
    },
  };
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
      ...(kind.tls ? [caSecretWatch(kind.resource)] : []),
    ],
    indexes: [servicePodIndex],
    workers: 4,
    setup: (ctx, services) => ({
      reconcile: reconcileWith(ctx, reconcileSteps(ctx, kind, services.contrailCertificateLifetimeMs)),
    }),
  };
}

export const cassandraDeclaration = dataServiceDeclaration(cassandraKind);
export const zookeeperDeclaration = dataServiceDeclaration(zookeeperKind);
export const rabbitmqDeclaration = dataServiceDeclaration(rabbitmqKind);
