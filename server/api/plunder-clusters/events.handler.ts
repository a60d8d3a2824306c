import { plunderClusterResource } from '../../types/crds';
import { EVENT_LIMIT, fetchObjectEvents } from '../object-events';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { clusterMachines } from './plunder-cluster-cache';

/** A machine's events are read for at most this many machines: each is one request. */
const MACHINE_LIMIT = 50;

/**
 * The cluster's events and its machines' (what happens to a Plunder cluster happens to its machines:
 * claimed, installed, released), each machine's named in its note; newest first.
 */
export async function eventsHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  const { kc, informers } = ctx.runtime;
  const cluster = informers.of(plunderClusterResource).get(input.name, input.namespace);
  if (!cluster?.metadata.uid) return [];
  const machines = clusterMachines(ctx.runtime, input.namespace, input.name)
    .filter((machine) => machine.metadata.uid)
    .slice(0, MACHINE_LIMIT);
  const [own, ...perMachine] = await Promise.all([
    fetchObjectEvents(kc, input.namespace, cluster.metadata.uid),
    ...machines.map((machine) => fetchObjectEvents(kc, input.namespace, machine.metadata.uid ?? '')),
  ]);
  const named = perMachine.flatMap((events, index) =>
    events.map((event) => ({ ...event, note: `${machines[index]?.metadata.name ?? ''}: ${event.note}` })),
  );
  return [...own, ...named]
    .sort((a, b) => (b.lastTime ?? '').localeCompare(a.lastTime ?? '') || a.uid.localeCompare(b.uid))
    .slice(0, EVENT_LIMIT);
}
