import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { visibleScope } from '../caller-scope';
import { objectChangesOf } from '../change-subscription';
import type { HandlerOptions } from '../trpc';
import { hostInformer, indexHost } from './host-cache';
import { hostPage } from './host-page';
import { hostChangeConcerns, type HostQuery } from './host-query';

/**
 * A crowd of consoles on the same page waits a little longer between builds (200 → 500 ms; up to 100
 * keep the 250 ms of a view): each build goes to every subscriber as a frame of its own, and at 200
 * viewers the hosts page's 800 frames a second were most of the server's work per change.
 */
export const HOSTS_MS_PER_SCREEN = 2.5;

/**
 * One page of host rows with facet counts, live; shared by the callers with the same namespaces. A
 * searched page is rebuilt only for changes of hosts the search matches (or matched), and of hosts
 * added or deleted: with a search active, the fleet's other changes are most of them and show nothing.
 */
export function listHandler({ ctx, input, signal }: HandlerOptions<HostQuery>) {
  const scope = visibleScope(ctx.scope);
  const concerns = hostChangeConcerns(input);
  return ctx.runtime.liveViews.view(
    `hosts.list ${scope.key} ${JSON.stringify(input)}`,
    objectChangesOf<BareMetalHost>(hostInformer(ctx.runtime), (host, previous) =>
      concerns(indexHost(host), previous && indexHost(previous)),
    ),
    () => hostPage(ctx.runtime, input, scope),
    signal,
    { perSubscriberMs: HOSTS_MS_PER_SCREEN },
  );
}
