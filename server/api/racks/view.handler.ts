import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import type { HostFilter } from '../hosts/host-query';
import { visibleScope } from '../caller-scope';
import { changesOf } from '../change-subscription';
import type { HandlerOptions } from '../trpc';
import { racksDeltas, racksFingerprint } from './rack-delta';
import { racksView } from './racks-of';
import { racksMemo } from './rack-view';

/**
 * How long the rack view waits after a change before building, and the wait per screen showing it once
 * that is longer (sharedIntervalMs). A change waits up to the whole interval before its rack is built:
 * with the lists' 250 ms, half of issue 48's 500 ms write → paint before any other cost. A build reuses
 * every rack but the changed ones and a message carries only those, so building more often costs little
 * per change. A crowd of screens stretches it as the wall's does: 250 ms at 100 screens.
 */
export const RACKS_INTERVAL_MS = 100;
export const RACKS_MS_PER_SCREEN = 2.5;

/**
 * Every rack with the caller's hosts placed, live; the filter is the hosts list's, and only highlights. After
 * the first message, each sends only the racks that changed (rack-delta.ts).
 */
export function viewHandler({ ctx, input, signal }: HandlerOptions<HostFilter>) {
  const scope = visibleScope(ctx.scope);
  // One per subscription; the shared view builds with the first subscriber's (rack-view.ts RacksMemo).
  const memo = racksMemo();
  return racksDeltas(
    ctx.runtime.liveViews.view(
      `racks.view ${scope.key} ${JSON.stringify(input)}`,
      changesOf(ctx.runtime.informers, [bareMetalHostResource]),
      () => racksView(ctx.runtime, input, scope, memo),
      signal,
      { fingerprint: racksFingerprint, intervalMs: RACKS_INTERVAL_MS, perSubscriberMs: RACKS_MS_PER_SCREEN },
    ),
  );
}
