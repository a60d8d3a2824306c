import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import type { HostFilter } from '../hosts/host-query';
import { visibleScope } from '../caller-scope';
import { changesOf } from '../change-subscription';
import type { HandlerOptions } from '../trpc';
import { racksDeltas, racksFingerprint } from './rack-delta';
import { racksView } from './racks-of';
import { racksMemo } from './rack-view';

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
      { fingerprint: racksFingerprint },
    ),
  );
}
