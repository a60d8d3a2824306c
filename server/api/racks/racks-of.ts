import type { Runtime } from '../../runtime';
import { hostInformer, indexHost } from '../bare-metal-hosts/host-cache';
import { hostFilter, type HostFilter } from '../bare-metal-hosts/host-query';
import { buildRacksView, type RacksView } from './rack-view';

/** Every rack with the hosts the cache holds placed in it; the filter only highlights. */
export function racksView(runtime: Runtime, filter: HostFilter): RacksView {
  const sources = hostInformer(runtime)
    .list()
    .map((host) => ({ host, indexed: indexHost(host) }));
  return buildRacksView(sources, runtime.racks, hostFilter(filter));
}
