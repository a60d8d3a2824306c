import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { changesOf } from '../change-subscription';
import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { hostPage } from './host-cache';
import type { HostQuery } from './host-query';

/** One page of host rows with facet counts, live; shared by the callers with the same namespaces. */
export function listHandler({ ctx, input, signal }: HandlerOptions<HostQuery>) {
  const scope = visibleScope(ctx.scope);
  return ctx.runtime.liveViews.view(
    `hosts.list ${scope.key} ${JSON.stringify(input)}`,
    changesOf(ctx.runtime.informers, [bareMetalHostResource]),
    () => hostPage(ctx.runtime, input, scope),
    signal,
  );
}
