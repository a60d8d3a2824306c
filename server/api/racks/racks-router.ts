import type { Runtime } from '../../runtime';
import { hostInformer, indexHost } from '../bare-metal-hosts/bare-metal-hosts-router';
import { hostFilter, hostFilterSchema, type HostFilter } from '../bare-metal-hosts/host-query';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { changesOf } from '../change-subscription';
import { router, viewerProcedure } from '../trpc';
import { buildRacksView, type RacksView } from './rack-view';

export function racksView(runtime: Runtime, filter: HostFilter): RacksView {
  const sources = hostInformer(runtime)
    .list()
    .map((host) => ({ host, indexed: indexHost(host) }));
  return buildRacksView(sources, runtime.racks, hostFilter(filter));
}

export const racksRouter = router({
  /** Every rack with its hosts placed, live; the filter is the hosts list's, and only highlights. */
  view: viewerProcedure
    .input(hostFilterSchema)
    .subscription(({ ctx, input, signal }) =>
      ctx.runtime.liveViews.view(
        `racks.view ${JSON.stringify(input)}`,
        changesOf(ctx.runtime.informers, [bareMetalHostResource]),
        () => racksView(ctx.runtime, input),
        signal,
      ),
    ),
});
