import type { KubernetesObject } from '@kubernetes/client-node';
import type { BootService } from '../../boot/boot-service';
import { clusterNameOf } from '../../boot/machine-facts';
import { poolKey } from '../../inventory/ip-leases';
import type { ControllerContext } from '../../kube/controller-context';
import type { ReconcileRequest, ReconcileResult } from '../../kube/controller-declaration';
import { reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import {
  plunderClusterResource,
  plunderMachineResource,
  type PlunderCluster,
  type PlunderMachine,
} from '../../types/crds';
import type { RackpilotController } from '../controller-services';
import {
  planPlunderCluster,
  type PlunderClusterObserved,
  type PlunderClusterPlan,
} from './plan-plunder-cluster';

export const PLUNDER_CLUSTER_FINALIZER = 'plundercluster.infrastructure.cluster.x-k8s.io';
const DELETE_WAIT_MS = 5_000;
/** A lease without its machine for this long was left by a provision call that failed half-way. */
const ORPHAN_LEASE_MS = 5 * 60_000;

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

/**
 * Observe: the addresses of the cluster's pool leased now, after pruning the leases whose machine is
 * gone (left by a provision call that failed half-way); the lease table has no watch, so the plan
 * asks to look again after RESYNC_MS.
 */
function reconcileSteps(
  ctx: ControllerContext,
  boot: BootService,
): ReconcileSteps<PlunderCluster, PlunderClusterObserved, PlunderClusterPlan> {
  return {
    resource: plunderClusterResource,
    observe: async (cluster, request) => {
      const pool = poolKey(request.namespace ?? '', request.name);
      const machines = ctx.informers.of(plunderMachineResource);
      await boot.leases.pruneOrphans(
        pool,
        (holder) => machines.get(holder.name, holder.namespace) !== undefined,
        ORPHAN_LEASE_MS,
      );
      return { cluster, allocated: (await boot.leases.held(pool)).size };
    },
    plan: (observed) => planPlunderCluster(observed),
  };
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
    reconcile: reconcileWith(ctx, reconcileSteps(ctx, boot)),
    finalize: (cluster, request) => finalizePlunderCluster(ctx, boot, cluster, request),
  }),
};
