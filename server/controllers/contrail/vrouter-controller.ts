import type { KubernetesObject } from '@kubernetes/client-node';
import { deleteObject } from '../../kube/apply';
import type { ControllerContext } from '../../kube/controller-context';
import { objectKey } from '../../kube/informer';
import {
  clusterRoleBindingResource,
  clusterRoleResource,
  configMapResource,
  daemonSetResource,
  nodeResource,
  podResource,
  serviceAccountResource,
  type ResourceDescriptor,
} from '../../kube/resource';
import { reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import { syncOwnedObjects } from '../../kube/sync-owned-objects';
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
import { renderVrouterRbac, staleVrouterRbac, VROUTER_AGENT_RULES, VROUTER_RBAC_LABEL } from './vrouter-rbac';

/** Kept on every group until the identity objects it shares (cluster-scoped ones among them) are settled. */
export const VROUTER_FINALIZER = 'vrouter.contrail.juniper.net/agent-identity';

const RBAC_RESOURCES: ResourceDescriptor[] = [
  serviceAccountResource,
  clusterRoleResource,
  clusterRoleBindingResource,
];

/** The groups' identity objects in the caches (owned kinds: only Rackpilot's are cached). */
function storedRbac(ctx: ControllerContext): KubernetesObject[] {
  return RBAC_RESOURCES.flatMap((resource) =>
    ctx.informers
      .of(resource)
      .list()
      .filter((object) => object.metadata?.labels?.[VROUTER_RBAC_LABEL] === 'true'),
  );
}

async function deleteStale(ctx: ControllerContext, stale: KubernetesObject[]): Promise<void> {
  for (const object of stale) {
    const resource = RBAC_RESOURCES.find((r) => r.kind === object.kind);
    if (!resource) continue;
    await deleteObject(ctx.kc, resource, object.metadata?.namespace, object.metadata?.name ?? '');
    ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'delete' });
  }
}

/**
 * Deletion: the group's DaemonSet and ConfigMap go now, and the identity objects are rendered from
 * the groups that remain, so a shared one stays (less this group) and one only it used goes. The
 * ClusterRole and ClusterRoleBinding cannot carry the namespaced group as owner: without this they
 * would stay forever.
 */
async function finalizeGroup(ctx: ControllerContext, vrouter: Vrouter): Promise<undefined> {
  const others = ctx.informers
    .of(vrouterResource)
    .list()
    .filter((group) => group.metadata.uid !== vrouter.metadata.uid);
  const desired = renderVrouterRbac(others);
  await syncOwnedObjects(ctx, vrouter, desired);
  await deleteStale(ctx, staleVrouterRbac(desired, storedRbac(ctx)));
  return undefined;
}

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
        groups: ctx.informers.of(vrouterResource).list(),
        rbac: storedRbac(ctx),
      };
    },
    plan: (observed, { now }) => planVrouter(observed, now),
    act: async (plan) => {
      await deleteStale(ctx, plan.stale);
      return undefined;
    },
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
  owns: [configMapResource, daemonSetResource, ...RBAC_RESOURCES],
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
  finalizer: VROUTER_FINALIZER,
  // The agents' ClusterRole hands these on: RBAC lets nobody grant what it does not hold.
  delegates: VROUTER_AGENT_RULES,
  workers: 4,
  // A group's pods come up one by one, each in several steps: one pass per burst, not per step.
  coalesceMs: 1000,
  setup: (ctx) => ({
    reconcile: reconcileWith(ctx, reconcileSteps(ctx)),
    finalize: (vrouter) => finalizeGroup(ctx, vrouter),
  }),
};
