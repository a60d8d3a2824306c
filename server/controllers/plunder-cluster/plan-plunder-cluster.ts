/**
 * The PlunderCluster planner: from the cluster and how many of its pool's addresses are leased to
 * the status to write and when to look again. Pure and table-tested; the reconcile does the I/O.
 */
import { addressPool, isPool, poolCapacity } from '../../inventory/ip-pool';
import type { PlunderCluster, PlunderClusterStatus } from '../../types/crds';

/** Pool usage is refreshed (and orphaned leases pruned) this often: leases change without a watch event. */
export const RESYNC_MS = 60_000;

export interface PlunderClusterObserved {
  cluster: PlunderCluster;
  /** Addresses of its pool leased to machines now. */
  allocated: number;
}

export interface PlunderClusterPlan {
  status: PlunderClusterStatus;
  requeueAfterMs: number;
}

/** Ready unless its pool is unusable, and how many addresses are left. */
export function planPlunderCluster({ cluster, allocated }: PlunderClusterObserved): PlunderClusterPlan {
  const pool = addressPool(cluster.spec ?? {});
  if (pool && !isPool(pool)) {
    return {
      status: {
        ready: false,
        allocatedAddresses: allocated,
        failureReason: 'InvalidPool',
        failureMessage: pool.error,
      },
      requeueAfterMs: RESYNC_MS,
    };
  }
  return {
    status: {
      ready: true,
      allocatedAddresses: allocated,
      ...(pool ? { freeAddresses: Math.max(0, poolCapacity(pool) - allocated) } : {}),
    },
    requeueAfterMs: RESYNC_MS,
  };
}
