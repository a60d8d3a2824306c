import { plunderClusterResource, plunderMachineResource } from '../../types/crds';
import { fetchKindEvents, fetchObjectEvents, newestFirst } from '../object-events';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { clusterMachines } from './plunder-cluster-cache';

/**
 * The cluster's events and its machines' (what happens to a Plunder cluster happens to its machines:
 * claimed, installed, released), each machine's named in its note; newest first. Two reads whatever
 * the number of machines: the cluster's own events, and the namespace's PlunderMachine events.
 */
export async function eventsHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  const { kc, informers } = ctx.runtime;
  const cluster = informers.of(plunderClusterResource).get(input.name, input.namespace);
  if (!cluster?.metadata.uid) return [];
  const machineUids = new Set(
    clusterMachines(ctx.runtime, input.namespace, input.name).flatMap((machine) =>
      machine.metadata.uid ? [machine.metadata.uid] : [],
    ),
  );
  const [own, machines] = await Promise.all([
    fetchObjectEvents(kc, input.namespace, cluster.metadata.uid),
    fetchKindEvents(kc, input.namespace, plunderMachineResource.kind, machineUids),
  ]);
  return newestFirst([...own, ...machines]);
}
