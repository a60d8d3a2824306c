import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { changesOf } from '../change-subscription';
import type { HandlerOptions } from '../trpc';
import { hostPage } from './host-cache';
import type { HostQuery } from './host-query';

/** One page of host rows with facet counts, live. */
export function listHandler({ ctx, input, signal }: HandlerOptions<HostQuery>) {
  return ctx.runtime.liveViews.view(
    `hosts.list ${JSON.stringify(input)}`,
    changesOf(ctx.runtime.informers, [bareMetalHostResource]),
    () => hostPage(ctx.runtime, input),
    signal,
  );
}
