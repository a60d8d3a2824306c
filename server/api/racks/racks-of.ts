import type { Runtime } from '../../runtime';
import type { NamespaceScope } from '../../access/namespace-scope';
import { indexHost, visibleHosts } from '../hosts/host-cache';
import { hostFilter, type HostFilter } from '../hosts/host-query';
import { rackSourceOf, type RackReuse } from './rack-reuse';
import {
  buildRacksView,
  summariseRacks,
  type RackDrawing,
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

/**
 * What the wall shows of the racks (the caller's hosts): counted, and with `draw` each drawn small;
 * with `reuse`, unchanged racks are those of the build before.
 */
export function racksSummary(
  runtime: Runtime,
  scope: NamespaceScope,
  draw = false,
  reuse?: RackReuse<RackDrawing>,
): RackSummary {
  return summariseRacks(rackSources(runtime, scope), runtime.racks, draw, reuse);
}

function rackSources(runtime: Runtime, scope: NamespaceScope): RackHostSource[] {
  return visibleHosts(runtime, scope).map((host) => rackSourceOf(host, indexHost(host)));
}
