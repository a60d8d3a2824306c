import type { Runtime } from '../../runtime';
import type { NamespaceScope } from '../../access/namespace-scope';
import { indexHost, visibleHosts } from '../hosts/host-cache';
import { hostFilter, type HostFilter } from '../hosts/host-query';
import {
  buildRacksView,
  summariseRacks,
  type RackHostSource,
  type RackSummary,
  type RacksMemo,
  type RacksView,
} from './rack-view';

/**
 * Every rack with the caller's hosts placed in it; the filter only highlights. A rack holding none of
 * them is not drawn, and a slot taken by another namespace's host shows empty.
 */
export function racksView(
  runtime: Runtime,
  filter: HostFilter,
  scope: NamespaceScope,
  memo?: RacksMemo,
): RacksView {
  return buildRacksView(rackSources(runtime, scope), runtime.racks, hostFilter(filter), memo);
}

/** What the wall shows of the racks (the caller's hosts): counted, and with `draw` each drawn small. */
export function racksSummary(runtime: Runtime, scope: NamespaceScope, draw = false): RackSummary {
  return summariseRacks(rackSources(runtime, scope), runtime.racks, draw);
}

function rackSources(runtime: Runtime, scope: NamespaceScope): RackHostSource[] {
  return visibleHosts(runtime, scope).map((host) => ({ host, indexed: indexHost(host) }));
}
