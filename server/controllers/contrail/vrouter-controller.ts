import type { KubernetesObject } from '@kubernetes/client-node';
import type { ControllerContext } from '../../kube/controller-context';
import { objectKey } from '../../kube/informer';
import { configMapResource, daemonSetResource, nodeResource, podResource } from '../../kube/resource';
import { reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import { vrouterResource, type Vrouter } from '../../types/crds/vrouter';
import type { RackpilotController } from '../controller-services';
import { daemonSetName } from './contrail-names';
import {
  SERVICE_POD_INDEX,
  SERVICE_POD_SELECTOR,
  servicePodIndex,
  servicePodIndexValues,
} from './data-service-controller';
import {
  NODE_LABEL_INDEX,
  nodeIndexValues,
  nodesMatching,
  SELECTOR_INDEX,
  selectingObjects,
} from './node-lookups';
import { selectorIndexValues } from './node-selector';
import { planVrouter, type VrouterObserved, type VrouterPlan } from './plan-vrouter';

const selectorOf = (vrouter: Vrouter) => vrouter.spec.commonConfiguration?.nodeSelector;

/** The nodes the group selects, the groups that also select them, its DaemonSet and pods, from the caches. */
function reconcileSteps(ctx: ControllerContext): ReconcileSteps<Vrouter, VrouterObserved, VrouterPlan> {
  return {
    resource: vrouterResource,
    observe: (vrouter) => {
      const namespace = vrouter.metadata.namespace ?? '';
      const name = vrouter.metadata.name ?? '';
      const key = objectKey(vrouter);
      return {
        vrouter,
        nodes: nodesMatching(ctx.informers, selectorOf(vrouter)),
        otherGroups: (node) =>
          selectingObjects(ctx.informers, vrouterResource, selectorOf, [node])
            .map(objectKey)
            .filter((other) => other !== key),
        daemonSet: ctx.informers.of(daemonSetResource).get(daemonSetName(name), namespace),
        pods: ctx.informers.of(podResource).byIndex(SERVICE_POD_INDEX, `${namespace}/vrouter/${name}`),
      };
    },
    plan: (observed, { now }) => planVrouter(observed, now),
  };
}

/** Groups that select any node the changed group selects (or selected): their conflicts may change. */
function overlappingGroups(
  vrouter: KubernetesObject,
  previous: KubernetesObject | undefined,
  caches: Parameters<typeof nodesMatching>[0],
): string[] {
  const nodes = [vrouter, previous].flatMap((group) =>
    group ? nodesMatching(caches, selectorOf(group as Vrouter)) : [],
  );
  const self = objectKey(vrouter);
  return selectingObjects(caches, vrouterResource, selectorOf, nodes)
    .map(objectKey)
    .filter((key) => key !== self);
}

export const vrouterDeclaration: RackpilotController<Vrouter> = {
  name: 'vrouter',
  switch: 'contrail',
  reconciles: vrouterResource,
  owns: [configMapResource, daemonSetResource],
  watches: [
    {
      resource: nodeResource,
      map: (node, previous, caches) =>
        selectingObjects(caches, vrouterResource, selectorOf, [node, previous]).map(objectKey),
    },
    { resource: vrouterResource, map: overlappingGroups },
    {
      resource: podResource,
      labelSelector: SERVICE_POD_SELECTOR,
      map: (pod) =>
        servicePodIndexValues(pod).flatMap((value) => {
          const [namespace, type, name] = value.split('/');
          return type === 'vrouter' ? [`${namespace}/${name}`] : [];
        }),
    },
  ],
  indexes: [
    { resource: nodeResource, name: NODE_LABEL_INDEX, values: nodeIndexValues },
    {
      resource: vrouterResource,
      name: SELECTOR_INDEX,
      values: (v) => selectorIndexValues(selectorOf(v as Vrouter)),
    },
    servicePodIndex,
  ],
  workers: 4,
  // A group's pods come up one by one, each in several steps: one pass per burst, not per step.
  coalesceMs: 1000,
  setup: (ctx) => ({ reconcile: reconcileWith(ctx, reconcileSteps(ctx)) }),
};
