import type { KubernetesObject } from '@kubernetes/client-node';
import { deleteObject } from '../../kube/apply';
import type { ClusterReads } from '../../kube/cluster-reads';
import type { ControllerContext } from '../../kube/controller-context';
import { objectKey } from '../../kube/informer';
import {
  clusterRoleBindingResource,
  clusterRoleResource,
  configMapResource,
  daemonSetResource,
  nodeResource,
  podResource,
  secretResource,
  serviceAccountResource,
  type ResourceDescriptor,
} from '../../kube/resource';
import type { InformerSet } from '../../kube/informer-set';
import { configResource } from '../../types/crds/config';
import { controlResource } from '../../types/crds/control';
import { kubemanagerResource } from '../../types/crds/kubemanager';
import { reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import { syncOwnedObjects } from '../../kube/sync-owned-objects';
import { vrouterResource, type Vrouter } from '../../types/crds/vrouter';
import type { RackpilotController } from '../controller-services';
import { caSecretWatch, componentCertificates, type CertificateAccess } from './component-certificates';
import { labelledPeer } from './component-controller';
import { peerNames, type Peers } from './component-peers';
import { CLUSTER_LABEL, daemonSetName } from './contrail-names';
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
function storedRbac(reads: ClusterReads): KubernetesObject[] {
  return RBAC_RESOURCES.flatMap((resource) =>
    reads
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
  await deleteStale(ctx, staleVrouterRbac(desired, storedRbac(ctx.informers)));
  return undefined;
}

const selectorOf = (vrouter: Vrouter) => vrouter.spec.commonConfiguration?.nodeSelector;

/** The Control the group names, and its cluster's Config (by the cluster label, as the components find theirs). */
function observePeers(caches: ClusterReads, vrouter: Vrouter): Pick<Peers, 'control' | 'config'> {
  const namespace = vrouter.metadata.namespace ?? '';
  const names = peerNames(vrouter);
  return {
    control: names.controlInstance
      ? caches.of(controlResource).get(names.controlInstance, namespace)
      : undefined,
    config: labelledPeer(caches, configResource, namespace, names.cluster),
  };
}

/**
 * The nodes the group selects, the groups that also select them, its DaemonSet and pods, its Control
 * and Config; for a group naming a Control, the agents' certificates kept or signed. From the
 * controller's caches, or from a listing (the benchmark's floor).
 */
export async function observeVrouter(
  reads: ClusterReads,
  access: CertificateAccess,
  vrouter: Vrouter,
  certificateLifetimeMs: number,
): Promise<VrouterObserved> {
  const namespace = vrouter.metadata.namespace ?? '';
  const name = vrouter.metadata.name ?? '';
  const key = objectKey(vrouter);
  const names = peerNames(vrouter);
  const pods = reads.of(podResource).byIndex(SERVICE_POD_INDEX, `${namespace}/vrouter/${name}`);
  return {
    vrouter,
    nodes: nodesMatching(reads, selectorOf(vrouter)),
    otherGroups: (node) =>
      selectingObjects(reads, vrouterResource, selectorOf, [node])
        .map(objectKey)
        .filter((other) => other !== key),
    daemonSet: reads.of(daemonSetResource).get(daemonSetName(name), namespace),
    pods,
    groups: reads.of(vrouterResource).list(),
    rbac: storedRbac(reads),
    peers: observePeers(reads, vrouter),
    kubemanager: labelledPeer(reads, kubemanagerResource, namespace, names.cluster),
    // Only agents that have a Control to authenticate to get certificates (docs/decisions.md);
    // they are reached by their pod (node) address alone: no Service names them.
    certificates: names.controlInstance
      ? await componentCertificates(
          access,
          { namespace, name },
          pods,
          undefined,
          new Date(),
          certificateLifetimeMs,
        )
      : undefined,
  };
}

function reconcileSteps(
  ctx: ControllerContext,
  certificateLifetimeMs: number,
): ReconcileSteps<Vrouter, VrouterObserved, VrouterPlan> {
  return {
    resource: vrouterResource,
    observe: (vrouter) => observeVrouter(ctx.informers, ctx, vrouter, certificateLifetimeMs),
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

/**
 * The groups that read the changed object: a Control's, those naming it; a Config's, those of its
 * cluster naming a Control; a Kubemanager's, every group of its cluster (the CNI's cluster name).
 */
function groupsReading(peer: 'control' | 'config' | 'kubemanager') {
  return (object: KubernetesObject, _previous: KubernetesObject | undefined, caches: InformerSet) => {
    const namespace = object.metadata?.namespace ?? '';
    const cluster = object.metadata?.labels?.[CLUSTER_LABEL];
    return caches
      .of(vrouterResource)
      .list()
      .filter((group) => {
        if (group.metadata.namespace !== namespace) return false;
        const names = peerNames(group);
        if (peer === 'control') return names.controlInstance === object.metadata?.name;
        if (cluster === undefined || names.cluster !== cluster) return false;
        return peer === 'kubemanager' || names.controlInstance !== undefined;
      })
      .map(objectKey);
  };
}

export const vrouterDeclaration: RackpilotController<Vrouter> = {
  name: 'vrouter',
  switch: 'contrail',
  reconciles: vrouterResource,
  owns: [configMapResource, daemonSetResource, secretResource, ...RBAC_RESOURCES],
  watches: [
    {
      resource: nodeResource,
      map: (node, previous, caches) =>
        selectingObjects(caches, vrouterResource, selectorOf, [node, previous]).map(objectKey),
    },
    { resource: vrouterResource, map: overlappingGroups },
    // The Control's and Config's status (active, pod IPs, ports) is what the agents' files name.
    { resource: controlResource, map: groupsReading('control') },
    { resource: configResource, map: groupsReading('config') },
    { resource: kubemanagerResource, map: groupsReading('kubemanager') },
    caSecretWatch(vrouterResource),
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
  setup: (ctx, services) => ({
    reconcile: reconcileWith(ctx, reconcileSteps(ctx, services.contrailCertificateLifetimeMs)),
    finalize: (vrouter) => finalizeGroup(ctx, vrouter),
  }),
};
