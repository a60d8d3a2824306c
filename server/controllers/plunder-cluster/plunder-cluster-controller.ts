import type { KubernetesObject } from '@kubernetes/client-node';
import type { BootService } from '../../boot/boot-service';
import { clusterNameOf } from '../../boot/machine-facts';
import { poolKey } from '../../inventory/ip-leases';
import { addressPool, isPool, poolCapacity } from '../../inventory/ip-pool';
import type { ControllerContext } from '../../kube/controller-context';
import type { ReconcileRequest, ReconcileResult } from '../../kube/controller-declaration';
import { writeStatus } from '../../kube/write-status';
import {
  plunderClusterResource,
  plunderMachineResource,
  type PlunderCluster,
  type PlunderClusterStatus,
  type PlunderMachine,
} from '../../types/crds';
import type { RackpilotController } from '../controller-services';

export const PLUNDER_CLUSTER_FINALIZER = 'plundercluster.infrastructure.cluster.x-k8s.io';
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
    .of(plunderMachineResource)
    .list()
    .filter(
      (m) =>
        m.metadata.namespace === cluster.metadata.namespace && clusterNameOf(m) === cluster.metadata.name,
    );
}

/** Deletion: its machines' addresses come from this pool, so they go first (CAPI deletes them with the Cluster). */
async function finalizePlunderCluster(
  ctx: ControllerContext,
  boot: BootService,
  cluster: PlunderCluster,
  request: ReconcileRequest,
): Promise<ReconcileResult | undefined> {
  if (machinesOf(ctx, cluster).length > 0) return { requeueAfterMs: DELETE_WAIT_MS };
  await boot.leases.pruneOrphans(poolKey(request.namespace ?? '', request.name), () => false, 0);
  return undefined;
}

export async function reconcilePlunderCluster(
  ctx: ControllerContext,
  boot: BootService,
  cluster: PlunderCluster,
  request: ReconcileRequest,
): Promise<ReconcileResult | undefined> {
  const pool = poolKey(request.namespace ?? '', request.name);
  const machines = ctx.informers.of(plunderMachineResource);
  await boot.leases.pruneOrphans(
    pool,
    (holder) => machines.get(holder.name, holder.namespace) !== undefined,
    ORPHAN_LEASE_MS,
  );
  const status = planPlunderClusterStatus(cluster, (await boot.leases.held(pool)).size);
  await writeStatus(ctx, plunderClusterResource, cluster, status);
  return { requeueAfterMs: RESYNC_MS };
}

export const plunderClusterDeclaration: RackpilotController<PlunderCluster> = {
  name: 'plunder-cluster',
  reconciles: plunderClusterResource,
  owns: [],
  watches: [
    {
      // Machines joining or leaving change the pool's usage.
      resource: plunderMachineResource,
      map: (machine: KubernetesObject) => {
        const name = clusterNameOf(machine as PlunderMachine);
        return name && machine.metadata?.namespace ? [`${machine.metadata.namespace}/${name}`] : [];
      },
    },
  ],
  finalizer: PLUNDER_CLUSTER_FINALIZER,
  workers: 2,
  setup: (ctx, { boot }) => ({
    reconcile: (cluster, request) => reconcilePlunderCluster(ctx, boot, cluster, request),
    finalize: (cluster, request) => finalizePlunderCluster(ctx, boot, cluster, request),
  }),
};
