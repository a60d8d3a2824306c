import type { KubernetesObject, V1Deployment, V1Secret } from '@kubernetes/client-node';
import { isConflict, isNotFound, mergePatch } from '../../kube/apply';
import type { ControllerSpec, ReconcileRequest, ReconcileResult } from '../../kube/controller';
import type { ControllerContext } from '../../kube/controller-context';
import { objectKey } from '../../kube/informer';
import { apiServerSaid, KubeRequestError } from '../../kube/kube-request';
import { MutationCache } from '../../kube/mutation-cache';
import { isSubset } from '../../kube/object-subset';
import { syncOwnedObjects } from '../../kube/sync-owned-objects';
import { SIP_CLUSTER_NAME_LABEL, SIP_CLUSTER_NAMESPACE_LABEL } from '../../schemas/host-labels';
import {
  bareMetalHostResource,
  sipClusterResource,
  type BareMetalHost,
  type SIPCluster,
} from '../../types/crds';
import {
  planSipCluster,
  planSipClusterRelease,
  sipReadyCondition,
  SIP_CLUSTER_OWNER_LABEL,
  SIP_READY_REASONS,
  type HostLabelChange,
  type SipObserved,
} from './plan-sip-cluster';

export const SIP_FINALIZER = 'sip.airship.airshipit.org/finalizer';
const CONTROLLER = 'sip';
const INVALID_SERVICE_RETRY_MS = 30_000;

/** The hosts as this controller last wrote them, ahead of the cache; see MutationCache. */
export type SipHosts = MutationCache<BareMetalHost>;

function observe(ctx: ControllerContext, hosts: SipHosts, cluster: SIPCluster): SipObserved {
  const secrets = ctx.informers.informer<V1Secret>('Secret');
  const deployments = ctx.informers.informer<V1Deployment>('Deployment');
  return {
    cluster,
    hosts: hosts.list(),
    secret: (namespace, name) => secrets.get(name, namespace),
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
  hosts: SipHosts,
  changes: HostLabelChange[],
): Promise<boolean> {
  for (const change of changes) {
    const host = hosts.get(change.name, change.namespace);
    if (host) hosts.assume(withLabelChange(host, change));
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
        hosts.written(written);
        ctx.metrics.writes.inc({ controller: CONTROLLER, verb: 'label' });
        return true;
      } catch (error) {
        hosts.forget({ metadata: { namespace: change.namespace, name: change.name } });
        if (isConflict(error)) return false;
        // A host deleted meanwhile has no labels left to change.
        if (isNotFound(error)) return true;
        throw error;
      }
    }),
  );
  return outcomes.every(Boolean);
}

async function setFinalizers(
  ctx: ControllerContext,
  cluster: SIPCluster,
  finalizers: string[],
): Promise<SIPCluster> {
  const { namespace, name = '', resourceVersion } = cluster.metadata;
  const updated = await mergePatch<SIPCluster>(ctx.kc, sipClusterResource, namespace, name, {
    metadata: { resourceVersion, finalizers },
  });
  ctx.metrics.writes.inc({ controller: CONTROLLER, verb: 'finalizer' });
  return updated;
}

async function release(
  ctx: ControllerContext,
  hosts: SipHosts,
  cluster: SIPCluster,
): Promise<ReconcileResult | undefined> {
  const finalizers = cluster.metadata.finalizers ?? [];
  if (!finalizers.includes(SIP_FINALIZER)) return undefined;
  const changes = planSipClusterRelease(observe(ctx, hosts, cluster));
  if (!(await applyHostLabels(ctx, hosts, changes))) return { conflict: true };
  const namespace = cluster.metadata.namespace ?? '';
  await syncOwnedObjects(
    ctx,
    CONTROLLER,
    namespace,
    [SIP_CLUSTER_OWNER_LABEL, cluster.metadata.name ?? ''],
    [],
  );
  if (changes.length > 0) {
    void ctx.events.record(cluster, {
      type: 'Normal',
      reason: 'HostsReleased',
      note: `released ${changes.length} host(s)`,
      action: 'Release',
    });
  }
  try {
    await setFinalizers(
      ctx,
      cluster,
      finalizers.filter((f) => f !== SIP_FINALIZER),
    );
  } catch (error) {
    if (isConflict(error)) return { conflict: true };
    // Already gone: an earlier pass removed the finalizer and the cache had not caught up yet.
    if (isNotFound(error)) return undefined;
    throw error;
  }
  return undefined;
}

/**
 * One level-based pass: read the cluster and hosts from the caches, plan, then write only what differs
 * (host labels under a resourceVersion precondition, owned objects, status, events).
 */
export async function reconcileSipCluster(
  ctx: ControllerContext,
  hosts: SipHosts,
  request: ReconcileRequest,
): Promise<ReconcileResult | undefined> {
  let cluster = ctx.informers.informer<SIPCluster>('SIPCluster').get(request.name, request.namespace);
  if (!cluster) return undefined;
  if (cluster.metadata.deletionTimestamp) return release(ctx, hosts, cluster);
  if (!(cluster.metadata.finalizers ?? []).includes(SIP_FINALIZER)) {
    try {
      // Plan on the object the write returned: no need to wait for it to come back through the cache.
      cluster = await setFinalizers(ctx, cluster, [...(cluster.metadata.finalizers ?? []), SIP_FINALIZER]);
    } catch (error) {
      if (isConflict(error)) return { conflict: true };
      throw error;
    }
  }

  const plan = planSipCluster(observe(ctx, hosts, cluster), new Date());
  if (!(await applyHostLabels(ctx, hosts, plan.hostLabelChanges))) return { conflict: true };
  let status = plan.status;
  let requeueAfterMs: number | undefined;
  try {
    await syncOwnedObjects(
      ctx,
      CONTROLLER,
      request.namespace ?? '',
      [SIP_CLUSTER_OWNER_LABEL, request.name],
      plan.objects,
      plan.pruneOwned,
    );
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
  if (!isSubset(status, cluster.status ?? {})) {
    await mergePatch(ctx.kc, sipClusterResource, request.namespace, request.name, { status }, 'status');
    ctx.metrics.writes.inc({ controller: CONTROLLER, verb: 'status' });
  }
  for (const event of plan.events) {
    // Not awaited: events are a courtesy (record never throws) and must not slow the reconcile down.
    void ctx.events.record(cluster, { ...event, action: 'Reconcile' });
  }
  return requeueAfterMs === undefined ? undefined : { requeueAfterMs };
}

function clusterKeyOfHost(host: KubernetesObject | undefined): string | undefined {
  const labels = host?.metadata?.labels;
  const namespace = labels?.[SIP_CLUSTER_NAMESPACE_LABEL];
  const name = labels?.[SIP_CLUSTER_NAME_LABEL];
  return namespace && name ? `${namespace}/${name}` : undefined;
}

function waitingClusters(ctx: ControllerContext): string[] {
  return ctx.informers
    .informer<SIPCluster>('SIPCluster')
    .list()
    .filter((cluster) =>
      cluster.status?.conditions?.some(
        (c) => c.type === 'Ready' && c.status !== 'True' && c.reason === 'Unschedulable',
      ),
    )
    .map(objectKey);
}

/** A host that is (or just became) free may unblock clusters waiting for hosts. */
function freedOrChangedFreeHost(host: KubernetesObject, previous: KubernetesObject | undefined): boolean {
  if (clusterKeyOfHost(host)) return false;
  return (
    !previous || Boolean(clusterKeyOfHost(previous)) || !isSubset(host, previous) || !isSubset(previous, host)
  );
}

export function sipClusterController(ctx: ControllerContext): ControllerSpec {
  const ownerKey = (object: KubernetesObject): string[] => {
    const owner = object.metadata?.labels?.[SIP_CLUSTER_OWNER_LABEL];
    return owner && object.metadata?.namespace ? [`${object.metadata.namespace}/${owner}`] : [];
  };
  // Built once per process, like the informers it listens to; it outlives leadership changes, which
  // stop and start the workers but not the caches.
  const hosts: SipHosts = new MutationCache(ctx.informers.informer<BareMetalHost>('BareMetalHost'));
  return {
    name: CONTROLLER,
    kind: 'SIPCluster',
    workers: 8,
    watches: [
      {
        kind: 'BareMetalHost',
        map: (host, previous) => {
          const keys = [clusterKeyOfHost(host), clusterKeyOfHost(previous)].filter((k): k is string =>
            Boolean(k),
          );
          return freedOrChangedFreeHost(host, previous) ? [...keys, ...waitingClusters(ctx)] : keys;
        },
      },
      {
        // networkData and BMC secrets of scheduled hosts, and the jump host's key secret.
        kind: 'Secret',
        map: (secret) => {
          const namespace = secret.metadata?.namespace;
          const name = secret.metadata?.name;
          const keys = new Set<string>(ownerKey(secret));
          for (const host of ctx.informers.informer<BareMetalHost>('BareMetalHost').list()) {
            const networkData = host.spec.networkData;
            const hostNamespace = host.metadata.namespace;
            const refersTo =
              (networkData !== undefined &&
                networkData.name === name &&
                (networkData.namespace ?? hostNamespace) === namespace) ||
              (host.spec.bmc?.credentialsName === name && hostNamespace === namespace);
            const key = clusterKeyOfHost(host);
            if (refersTo && key) keys.add(key);
          }
          for (const cluster of ctx.informers.informer<SIPCluster>('SIPCluster').list()) {
            if (cluster.metadata.namespace !== namespace) continue;
            if (cluster.spec.services.jumpHost?.some((j) => j.nodeSSHPrivateKeys === name))
              keys.add(objectKey(cluster));
          }
          return [...keys];
        },
      },
      { kind: 'Deployment', map: ownerKey },
      { kind: 'Service', map: ownerKey },
      { kind: 'ConfigMap', map: ownerKey },
    ],
    reconcile: (request) => reconcileSipCluster(ctx, hosts, request),
  };
}
