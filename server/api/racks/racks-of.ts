import type { Runtime } from '../../runtime';
import { hostInformer, indexHost } from '../hosts/host-cache';
import { hostFilter, type HostFilter } from '../hosts/host-query';
import {
  buildRacksView,
  summariseRacks,
  type RackHostSource,
  type RackSummary,
  type RacksView,
} from './rack-view';

/** Every rack with the hosts the cache holds placed in it; the filter only highlights. */
export function racksView(runtime: Runtime, filter: HostFilter): RacksView {
  return buildRacksView(rackSources(runtime), runtime.racks, hostFilter(filter));
}

/** What the wall shows of the racks: counted, and with `draw` each drawn small. */
export function racksSummary(runtime: Runtime, draw = false): RackSummary {
  return summariseRacks(rackSources(runtime), runtime.racks, draw);
}

function rackSources(runtime: Runtime): RackHostSource[] {
  return hostInformer(runtime)
    .list()
    .map((host) => ({ host, indexed: indexHost(host) }));
}
