import type { KubernetesObject } from '@kubernetes/client-node';
import { isConflict, isNotFound, mergePatch } from '../../kube/apply';
import type { ControllerContext } from '../../kube/controller-context';
import { objectKey } from '../../kube/informer';
import type { InformerSet } from '../../kube/informer-set';
import { MutationCache } from '../../kube/mutation-cache';
import { configMapResource, deploymentResource, secretResource, serviceResource } from '../../kube/resource';
import type { ReconcileResult } from '../../kube/controller-declaration';
import {
  reconcileWith,
  type AppliedPlan,
  type ReconcileSteps,
  type StatusOf,
} from '../../kube/reconcile-steps';
import {
  bareMetalHostResource,
  sipClusterResource,
  type BareMetalHost,
  type SIPCluster,
} from '../../types/crds';
import type { RackpilotController } from '../controller-services';
import { heldHostChangeConcerns } from './held-host-changes';
import { isUnclaimed } from './host-pool';
import { clusterKeyOfHost, HOSTS_BY_CLUSTER, LiveHostPool } from './live-host-pool';
import {
  planSipCluster,
  planSipClusterRelease,
  sipReadyCondition,
  SIP_READY_REASONS,
  type HostLabelChange,
  type SipObserved,
  type SipPlan,
} from './plan-sip-cluster';
import { waitingClustersAHostChangeConcerns, waitingClustersAHostFits } from './waiting-cluster-wakeups';

export const SIP_FINALIZER = 'sip.airship.airshipit.org/finalizer';
const INVALID_SERVICE_RETRY_MS = 30_000;

/** The host as the label change will leave it. */
function withLabelChange(host: BareMetalHost, change: HostLabelChange): BareMetalHost {
  const labels = Object.fromEntries(
    Object.entries({ ...host.metadata.labels, ...change.labels }).filter(([, value]) => value !== null),
  );
  // Object.assign, not spread: the metadata type is a client-node class (plain data in practice).
  return { ...host, metadata: Object.assign({}, host.metadata, { labels }) };
}

/**
 * Labels hosts, all at once, each write guarded by the resourceVersion the plan saw; false when any
 * host moved on meanwhile (the next pass re-plans and keeps the hosts that were labelled). Must be
 * called in the same synchronous step as the plan: the hosts are reserved in `hosts` before the
 * first await, so no other worker plans with them.
 */
async function applyHostLabels(
  ctx: ControllerContext,
  hosts: LiveHostPool,
  changes: HostLabelChange[],
): Promise<boolean> {
  for (const change of changes) {
    const host = hosts.writes.get(change.name, change.namespace);
    if (host) hosts.writes.assume(withLabelChange(host, change));
  }
  const outcomes = await Promise.all(
    changes.map(async (change) => {
      try {
        const written = await mergePatch<BareMetalHost>(
          ctx.kc,
          bareMetalHostResource,
          change.namespace,
          change.name,
          { metadata: { resourceVersion: change.resourceVersion, labels: change.labels } },
        );
        hosts.writes.written(written);
        ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'label' });
        return true;
      } catch (error) {
        hosts.writes.forget({ metadata: { namespace: change.namespace, name: change.name } });
        if (isConflict(error)) return false;
        // A host deleted meanwhile has no labels left to change.
        if (isNotFound(error)) return true;
        throw error;
      }
    }),
  );
  return outcomes.every(Boolean);
}

/** What both SIP passes plan from: the cluster, the host pool and the cached Deployments. */
function observe(
  ctx: ControllerContext,
  hosts: LiveHostPool,
  cluster: SIPCluster,
): Omit<SipObserved, 'secret'> {
  const deployments = ctx.informers.of(deploymentResource);
  return { cluster, hosts, deployment: (namespace, name) => deployments.get(name, namespace) };
}

/** Both passes' own writes: the plan's host labels. A host that moved on meanwhile is a conflict. */
function labelHosts(ctx: ControllerContext, hosts: LiveHostPool) {
  return async (plan: { hostLabelChanges: HostLabelChange[] }): Promise<ReconcileResult | undefined> =>
    (await applyHostLabels(ctx, hosts, plan.hostLabelChanges)) ? undefined : { conflict: true };
}

/**
 * One level-based pass: read the cluster and hosts from the caches, plan, then write only what differs
 * (host labels under a resourceVersion precondition, owned objects, status, events). A service object
 * the API server refuses (a node port another Service holds, a webhook, a quota) is said in the
 * condition in the API server's words, instead of backing off silently behind a Ready message about
 * something else.
 */
function reconcileSteps(
  ctx: ControllerContext,
  hosts: LiveHostPool,
): ReconcileSteps<SIPCluster, Omit<SipObserved, 'secret'>, SipPlan> {
  return {
    resource: sipClusterResource,
    observe: (cluster) => observe(ctx, hosts, cluster),
    // The plan reserves hosts in `hosts`; the skeleton starts the labelling in the same step.
    plan: (observed, { secret, pending, now }) =>
      planSipCluster({ ...observed, secret, secretPending: pending }, now),
    act: labelHosts(ctx, hosts),
    refused: (cluster, refusal, now) => {
      const message = `service objects rejected: ${refusal}`;
      const reason = SIP_READY_REASONS.infraServiceFailure;
      return {
        status: { conditions: [sipReadyCondition(cluster, { status: 'False', reason, message }, now)] },
        event: { type: 'Warning', reason, note: message },
        requeueAfterMs: INVALID_SERVICE_RETRY_MS,
      };
    },
  };
}

interface ReleasePlan extends AppliedPlan<StatusOf<SIPCluster>> {
  hostLabelChanges: HostLabelChange[];
}

/** Deletion: the hosts lose their labels and the owned objects go; the runtime then drops the finalizer. */
function releaseSteps(
  ctx: ControllerContext,
  hosts: LiveHostPool,
): ReconcileSteps<SIPCluster, Omit<SipObserved, 'secret'>, ReleasePlan> {
  return {
    resource: sipClusterResource,
    observe: (cluster) => observe(ctx, hosts, cluster),
    plan: (observed) => {
      const hostLabelChanges = planSipClusterRelease(observed);
      const released = hostLabelChanges.length;
      return {
        hostLabelChanges,
        objects: [],
        events:
          released > 0
            ? [{ type: 'Normal', reason: 'HostsReleased', note: `released ${released} host(s)` }]
            : [],
      };
    },
    act: labelHosts(ctx, hosts),
    action: 'Release',
  };
}

function waitingClusters(caches: InformerSet): SIPCluster[] {
  return caches
    .of(sipClusterResource)
    .list()
    .filter((cluster) =>
      cluster.status?.conditions?.some(
        (c) => c.type === 'Ready' && c.status !== 'True' && c.reason === 'Unschedulable',
      ),
    );
}

/** Index of hosts and clusters by the Secrets (namespace/name) they read. */
const SECRET_REFS = 'sip-secret-refs';

function hostSecretRefs(object: KubernetesObject): string[] {
  const host = object as BareMetalHost;
  const namespace = host.metadata.namespace ?? '';
  const refs: string[] = [];
  const networkData = host.spec.networkData;
  if (networkData?.name) refs.push(`${networkData.namespace ?? namespace}/${networkData.name}`);
  if (host.spec.bmc?.credentialsName) refs.push(`${namespace}/${host.spec.bmc.credentialsName}`);
  return refs;
}

function clusterSecretRefs(object: KubernetesObject): string[] {
  const cluster = object as SIPCluster;
  const namespace = cluster.metadata.namespace ?? '';
  return (cluster.spec.services.jumpHost ?? []).map((jump) => `${namespace}/${jump.nodeSSHPrivateKeys}`);
}

/**
 * Clusters that read a Secret: through their scheduled hosts' networkData and BMC, or a jump host key;
 * and the waiting clusters a free host that reads it may serve (its Secret may be what made it unusable).
 */
function clustersUsingSecret(secret: KubernetesObject, caches: InformerSet): string[] {
  const ref = objectKey(secret);
  const keys = new Set<string>();
  let waiting: SIPCluster[] | undefined;
  for (const host of caches.of(bareMetalHostResource).byIndex(SECRET_REFS, ref)) {
    const key = clusterKeyOfHost(host);
    if (key) keys.add(key);
    waiting ??= waitingClusters(caches);
    for (const cluster of waitingClustersAHostFits(host, waiting)) keys.add(objectKey(cluster));
  }
  for (const cluster of caches.of(sipClusterResource).byIndex(SECRET_REFS, ref)) keys.add(objectKey(cluster));
  return [...keys];
}

/**
 * The clusters that hold a host before or after its change: both when it moves, and the one that
 * keeps it only when the change is one its plan reads (held-host-changes.ts).
 */
function heldHostClusters(
  host: BareMetalHost,
  previous: BareMetalHost | undefined,
  caches: InformerSet,
): string[] {
  const now = clusterKeyOfHost(host);
  const before = clusterKeyOfHost(previous);
  if (now !== undefined && now === before && previous) {
    const [namespace, name] = now.split('/');
    const cluster = caches.of(sipClusterResource).get(name ?? '', namespace);
    return heldHostChangeConcerns(host, previous, cluster) ? [now] : [];
  }
  return [now, before].filter((key): key is string => key !== undefined);
}

export const sipClusterDeclaration: RackpilotController<SIPCluster> = {
  name: 'sip',
  reconciles: sipClusterResource,
  owns: [secretResource, configMapResource, serviceResource, deploymentResource],
  watches: [
    {
      resource: bareMetalHostResource,
      map: (host, previous, caches) => {
        const keys = heldHostClusters(host as BareMetalHost, previous as BareMetalHost | undefined, caches);
        // A claimed host concerns no waiting cluster: the clusters are not even listed.
        const concerned = waitingClustersAHostChangeConcerns(
          host as BareMetalHost,
          previous as BareMetalHost | undefined,
          isUnclaimed(host as BareMetalHost) ? waitingClusters(caches) : [],
        );
        return [...keys, ...concerned.map(objectKey)];
      },
    },
    { resource: secretResource, map: (secret, _previous, caches) => clustersUsingSecret(secret, caches) },
  ],
  indexes: [
    { resource: bareMetalHostResource, name: SECRET_REFS, values: hostSecretRefs },
    {
      resource: bareMetalHostResource,
      name: HOSTS_BY_CLUSTER,
      values: (host) => [clusterKeyOfHost(host)].filter((key): key is string => key !== undefined),
    },
    { resource: sipClusterResource, name: SECRET_REFS, values: clusterSecretRefs },
  ],
  finalizer: SIP_FINALIZER,
  // Hosts are scheduled and released by labelling them.
  alsoCalls: [{ resource: bareMetalHostResource, verbs: ['patch'] }],
  workers: 8,
  setup: (ctx) => {
    // Built once per process, like the informers it listens to; it outlives leadership changes, which
    // stop and start the workers but not the caches.
    const cache = ctx.informers.of(bareMetalHostResource);
    const hosts: LiveHostPool = new LiveHostPool(new MutationCache(cache), cache);
    return {
      reconcile: reconcileWith(ctx, reconcileSteps(ctx, hosts)),
      finalize: reconcileWith(ctx, releaseSteps(ctx, hosts)),
    };
  },
};
