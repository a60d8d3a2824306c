import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { hostPage } from './host-page';
import type { HostQuery } from './host-query';

/** The same page once, over HTTP. */
export function pageHandler({ ctx, input }: HandlerOptions<HostQuery>) {
  return hostPage(ctx.runtime, input, visibleScope(ctx.scope));
}
