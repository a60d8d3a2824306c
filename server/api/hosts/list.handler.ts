import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { changesOf } from '../change-subscription';
import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { hostPage } from './host-cache';
import type { HostQuery } from './host-query';

/**
 * A crowd of consoles on the same page waits a little longer between builds (200 → 500 ms; up to 100
 * keep the 250 ms of a view): each build goes to every subscriber as a frame of its own, and at 200
 * viewers the hosts page's 800 frames a second were most of the server's work per change.
 */
export const HOSTS_MS_PER_SCREEN = 2.5;

/** One page of host rows with facet counts, live; shared by the callers with the same namespaces. */
export function listHandler({ ctx, input, signal }: HandlerOptions<HostQuery>) {
  const scope = visibleScope(ctx.scope);
  return ctx.runtime.liveViews.view(
    `hosts.list ${scope.key} ${JSON.stringify(input)}`,
    changesOf(ctx.runtime.informers, [bareMetalHostResource]),
    () => hostPage(ctx.runtime, input, scope),
    signal,
    { perSubscriberMs: HOSTS_MS_PER_SCREEN },
  );
}
