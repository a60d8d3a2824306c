import type { KubernetesObject } from '@kubernetes/client-node';
import { isConflict, isNotFound, mergePatch } from '../../kube/apply';
import type { ControllerContext } from '../../kube/controller-context';
import type { ReconcileResult } from '../../kube/controller-declaration';
import { objectKey } from '../../kube/informer';
import type { InformerSet } from '../../kube/informer-set';
import { apiServerSaid, KubeRequestError } from '../../kube/kube-request';
import { MutationCache } from '../../kube/mutation-cache';
import { configMapResource, deploymentResource, secretResource, serviceResource } from '../../kube/resource';
import { planWithSecrets, type SecretLookup, type SecretPending } from '../../kube/secret-values';
import { syncOwnedObjects } from '../../kube/sync-owned-objects';
import { timedPlan } from '../../kube/timed-plan';
import { writeStatus } from '../../kube/write-status';
import {
  bareMetalHostResource,
  sipClusterResource,
  type BareMetalHost,
  type SIPCluster,
} from '../../types/crds';
import type { RackpilotController } from '../controller-services';
import { isFree } from './host-pool';
import { clusterKeyOfHost, HOSTS_BY_CLUSTER, LiveHostPool } from './live-host-pool';
import {
  planSipCluster,
  planSipClusterRelease,
  sipReadyCondition,
  SIP_READY_REASONS,
  type HostLabelChange,
  type SipObserved,
} from './plan-sip-cluster';
import { waitingClustersAHostChangeConcerns, waitingClustersAHostFits } from './waiting-cluster-wakeups';

export const SIP_FINALIZER = 'sip.airship.airshipit.org/finalizer';
const INVALID_SERVICE_RETRY_MS = 30_000;

function observe(
  ctx: ControllerContext,
  hosts: LiveHostPool,
  cluster: SIPCluster,
  secret: SecretLookup,
  secretPending?: SecretPending,
): SipObserved {
  const deployments = ctx.informers.of(deploymentResource);
  return {
    cluster,
    hosts,
    secret,
    secretPending,
    deployment: (namespace, name) => deployments.get(name, namespace),
  };
}

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

/** Deletion: the hosts lose their labels and the owned objects go; the runtime then drops the finalizer. */
async function release(
  ctx: ControllerContext,
  hosts: LiveHostPool,
  cluster: SIPCluster,
): Promise<ReconcileResult | undefined> {
  const { changes, labelled } = await planWithSecrets(
    ctx.secrets,
    (secret) => planSipClusterRelease(observe(ctx, hosts, cluster, secret)),
    async (planned) => ({ changes: planned, labelled: await applyHostLabels(ctx, hosts, planned) }),
  );
  if (!labelled) return { conflict: true };
  await syncOwnedObjects(ctx, cluster, []);
  if (changes.length > 0) {
    void ctx.events.record(cluster, {
      type: 'Normal',
      reason: 'HostsReleased',
      note: `released ${changes.length} host(s)`,
      action: 'Release',
    });
  }
  return undefined;
}

/**
 * One level-based pass: read the cluster and hosts from the caches, plan, then write only what differs
 * (host labels under a resourceVersion precondition, owned objects, status, events).
 */
export async function reconcileSipCluster(
  ctx: ControllerContext,
  hosts: LiveHostPool,
  cluster: SIPCluster,
): Promise<ReconcileResult | undefined> {
  const now = new Date();
  // The plan reserves hosts in `hosts`; planWithSecrets starts the labelling in the same step.
  const { plan, labelled } = await planWithSecrets(
    ctx.secrets,
    (secret, pending) =>
      timedPlan(ctx, () => planSipCluster(observe(ctx, hosts, cluster, secret, pending), now)),
    async (planned) => ({
      plan: planned,
      labelled: await applyHostLabels(ctx, hosts, planned.hostLabelChanges),
    }),
  );
  if (!labelled) return { conflict: true };
  let status = plan.status;
  let requeueAfterMs: number | undefined;
  try {
    await syncOwnedObjects(ctx, cluster, plan.objects, plan.pruneOwned);
  } catch (error) {
    // The API server refused or failed a service object (a node port another Service holds, a
    // webhook, a quota): say it in the condition in the API server's words and look again later,
    // instead of backing off silently behind a Ready message about something else. A conflict is
    // only a stale read and a network failure says nothing about the objects: both retry as usual.
    if (!(error instanceof KubeRequestError) || error.status === 0 || isConflict(error)) throw error;
    const message = `service objects rejected: ${apiServerSaid(error)}`;
    status = {
      conditions: [
        sipReadyCondition(
          cluster,
          { status: 'False', reason: SIP_READY_REASONS.infraServiceFailure, message },
          new Date(),
        ),
      ],
    };
    requeueAfterMs = INVALID_SERVICE_RETRY_MS;
    void ctx.events.record(cluster, {
      type: 'Warning',
      reason: SIP_READY_REASONS.infraServiceFailure,
      note: message,
      action: 'Reconcile',
    });
  }
  await writeStatus(ctx, sipClusterResource, cluster, status);
  for (const event of plan.events) {
    // Not awaited: events are a courtesy (record never throws) and must not slow the reconcile down.
    void ctx.events.record(cluster, { ...event, action: 'Reconcile' });
  }
  return requeueAfterMs === undefined ? undefined : { requeueAfterMs };
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

export const sipClusterDeclaration: RackpilotController<SIPCluster> = {
  name: 'sip',
  reconciles: sipClusterResource,
  owns: [secretResource, configMapResource, serviceResource, deploymentResource],
  watches: [
    {
      resource: bareMetalHostResource,
      map: (host, previous, caches) => {
        const keys = [clusterKeyOfHost(host), clusterKeyOfHost(previous)].filter((k): k is string =>
          Boolean(k),
        );
        // A host that is not free concerns no waiting cluster: the clusters are not even listed.
        const concerned = waitingClustersAHostChangeConcerns(
          host as BareMetalHost,
          previous as BareMetalHost | undefined,
          isFree(host as BareMetalHost) ? waitingClusters(caches) : [],
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
      reconcile: (cluster) => reconcileSipCluster(ctx, hosts, cluster),
      finalize: (cluster) => release(ctx, hosts, cluster),
    };
  },
};
