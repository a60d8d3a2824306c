import type { KubernetesObject } from '@kubernetes/client-node';
import { getBootService } from '../../boot/boot-service';
import { clusterNameOf } from '../../boot/machine-facts';
import { poolKey } from '../../inventory/ip-leases';
import { addressPool, isPool, poolCapacity } from '../../inventory/ip-pool';
import { isConflict, isNotFound, mergePatch } from '../../kube/apply';
import type { ControllerSpec, ReconcileRequest, ReconcileResult } from '../../kube/controller';
import type { ControllerContext } from '../../kube/controller-context';
import {
  plunderClusterResource,
  type PlunderCluster,
  type PlunderClusterStatus,
  type PlunderMachine,
} from '../../types/crds';

export const PLUNDER_CLUSTER_FINALIZER = 'plundercluster.infrastructure.cluster.x-k8s.io';
const CONTROLLER = 'plunder-cluster';
/** Pool usage is refreshed and orphaned leases pruned this often. */
const RESYNC_MS = 60_000;
const DELETE_WAIT_MS = 5_000;
/** A lease without its machine for this long was left by a provision call that failed half-way. */
const ORPHAN_LEASE_MS = 5 * 60_000;

/** What the cluster reports: ready unless its pool is unusable, and how many addresses are left. */
export function planPlunderClusterStatus(cluster: PlunderCluster, allocated: number): PlunderClusterStatus {
  const pool = addressPool(cluster.spec ?? {});
  if (pool && !isPool(pool)) {
    return {
      ready: false,
      allocatedAddresses: allocated,
      failureReason: 'InvalidPool',
      failureMessage: pool.error,
    };
  }
  return {
    ready: true,
    allocatedAddresses: allocated,
    ...(pool ? { freeAddresses: Math.max(0, poolCapacity(pool) - allocated) } : {}),
  };
}

function machinesOf(ctx: ControllerContext, cluster: PlunderCluster): PlunderMachine[] {
  return ctx.informers
    .informer<PlunderMachine>('PlunderMachine')
    .list()
    .filter(
      (m) =>
        m.metadata.namespace === cluster.metadata.namespace && clusterNameOf(m) === cluster.metadata.name,
    );
}

async function setFinalizers(
  ctx: ControllerContext,
  cluster: PlunderCluster,
  finalizers: string[],
): Promise<PlunderCluster> {
  const { namespace, name = '', resourceVersion } = cluster.metadata;
  const updated = await mergePatch<PlunderCluster>(ctx.kc, plunderClusterResource, namespace, name, {
    metadata: { resourceVersion, finalizers },
  });
  ctx.metrics.writes.inc({ controller: CONTROLLER, verb: 'finalizer' });
  return updated;
}

export async function reconcilePlunderCluster(
  ctx: ControllerContext,
  request: ReconcileRequest,
): Promise<ReconcileResult | undefined> {
  const boot = getBootService();
  if (!boot) return { requeueAfterMs: 2_000 };
  let cluster = ctx.informers.informer<PlunderCluster>('PlunderCluster').get(request.name, request.namespace);
  if (!cluster) return undefined;
  const finalizers = cluster.metadata.finalizers ?? [];
  const pool = poolKey(request.namespace ?? '', request.name);
  try {
    if (cluster.metadata.deletionTimestamp) {
      if (!finalizers.includes(PLUNDER_CLUSTER_FINALIZER)) return undefined;
      // Its machines' addresses come from this pool: they go first (CAPI deletes them with the Cluster).
      if (machinesOf(ctx, cluster).length > 0) return { requeueAfterMs: DELETE_WAIT_MS };
      await boot.leases.pruneOrphans(pool, () => false, 0);
      await setFinalizers(
        ctx,
        cluster,
        finalizers.filter((f) => f !== PLUNDER_CLUSTER_FINALIZER),
      );
      return undefined;
    }
    if (!finalizers.includes(PLUNDER_CLUSTER_FINALIZER)) {
      cluster = await setFinalizers(ctx, cluster, [...finalizers, PLUNDER_CLUSTER_FINALIZER]);
    }
  } catch (error) {
    if (isConflict(error)) return { conflict: true };
    if (isNotFound(error)) return undefined;
    throw error;
  }
  const machines = ctx.informers.informer<PlunderMachine>('PlunderMachine');
  await boot.leases.pruneOrphans(
    pool,
    (holder) => machines.get(holder.name, holder.namespace) !== undefined,
    ORPHAN_LEASE_MS,
  );
  const status = planPlunderClusterStatus(cluster, (await boot.leases.held(pool)).size);
  const current = cluster.status ?? {};
  const keys = ['ready', 'allocatedAddresses', 'freeAddresses', 'failureReason', 'failureMessage'] as const;
  if (keys.some((key) => current[key] !== status[key])) {
    const patch = Object.fromEntries(keys.map((key) => [key, status[key] ?? null]));
    await mergePatch(
      ctx.kc,
      plunderClusterResource,
      request.namespace,
      request.name,
      { status: patch },
      'status',
    );
    ctx.metrics.writes.inc({ controller: CONTROLLER, verb: 'status' });
  }
  return { requeueAfterMs: RESYNC_MS };
}

export function plunderClusterController(ctx: ControllerContext): ControllerSpec {
  return {
    name: CONTROLLER,
    kind: 'PlunderCluster',
    workers: 2,
    watches: [
      {
        // Machines joining or leaving change the pool's usage.
        kind: 'PlunderMachine',
        map: (machine: KubernetesObject) => {
          const name = clusterNameOf(machine as PlunderMachine);
          return name && machine.metadata?.namespace ? [`${machine.metadata.namespace}/${name}`] : [];
        },
      },
    ],
    reconcile: (request) => reconcilePlunderCluster(ctx, request),
  };
}
