import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import type { HostFilter } from '../hosts/host-query';
import { changesOf } from '../change-subscription';
import type { HandlerOptions } from '../trpc';
import { racksView } from './racks-of';

/** Every rack with its hosts placed, live; the filter is the hosts list's, and only highlights. */
export function viewHandler({ ctx, input, signal }: HandlerOptions<HostFilter>) {
  return ctx.runtime.liveViews.view(
    `racks.view ${JSON.stringify(input)}`,
    changesOf(ctx.runtime.informers, [bareMetalHostResource]),
    () => racksView(ctx.runtime, input),
    signal,
  );
}
