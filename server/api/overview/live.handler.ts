import { changesOf } from '../change-subscription';
import { liveSnapshots } from '../live-snapshots';
import { withTicks } from '../live-ticks';
import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { overviewOf } from './overview-of';

export function liveHandler({ ctx, signal }: HandlerOptions) {
  const scope = visibleScope(ctx.scope);
  return liveSnapshots(
    withTicks(changesOf(ctx.runtime.informers)),
    () => overviewOf(ctx.runtime, scope),
    signal,
  );
}
