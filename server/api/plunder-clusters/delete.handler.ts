import { TRPCError } from '@trpc/server';
import { ownerMachineOf } from '../../boot/machine-facts';
import { deleteObject } from '../../kube/apply';
import { KubeRequestError } from '../../kube/kube-request';
import { clusterApiMachineResource } from '../../kube/resource';
import { plunderClusterResource, plunderMachineResource } from '../../types/crds';
import { apiServerSaid } from '../api-rejection';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { clusterMachines, plunderClusters } from './plunder-cluster-cache';

export interface PlunderClusterDeleteOutcome {
  status: 'deleting';
  /** PlunderMachines deleted (with their Cluster API Machines). */
  machines: number;
}

/**
 * Deletes the cluster's machines, each with the Cluster API Machine that owns it, then the
 * PlunderCluster (its finalizer waits for the machines to be gone, then frees its pool). Each
 * PlunderMachine's finalizer releases its hardware (wiped, or unleased if nothing was installed)
 * and its address: plunder-cluster-removal.ts says what, for the confirmation.
 */
export async function deleteHandler({
  ctx,
  input,
}: HandlerOptions<ObjectRef>): Promise<PlunderClusterDeleteOutcome> {
  const { kc } = ctx.runtime;
  const cluster = plunderClusters(ctx.runtime).get(input.name, input.namespace);
  if (!cluster) {
    throw new TRPCError({
      code: 'NOT_FOUND',
      message: `No Plunder cluster ${input.namespace}/${input.name}: it may have been deleted`,
    });
  }
  const machines = clusterMachines(ctx.runtime, input.namespace, input.name);
  try {
    for (const machine of machines) {
      const name = machine.metadata.name ?? '';
      const owner = ownerMachineOf(machine);
      if (owner) {
        const version = owner.apiVersion.split('/')[1] ?? clusterApiMachineResource.version;
        await deleteObject(kc, { ...clusterApiMachineResource, version }, input.namespace, owner.name);
      }
      await deleteObject(kc, plunderMachineResource, input.namespace, name);
    }
    await deleteObject(kc, plunderClusterResource, input.namespace, input.name, {
      uid: cluster.metadata.uid,
    });
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 403)
      throw new TRPCError({ code: 'FORBIDDEN', message: apiServerSaid(error), cause: error });
    throw error;
  }
  return { status: 'deleting', machines: machines.length };
}
