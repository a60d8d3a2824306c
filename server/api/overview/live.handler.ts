import { changesOf } from '../change-subscription';
import { liveSnapshots } from '../live-snapshots';
import { withTicks } from '../live-ticks';
import type { HandlerOptions } from '../trpc';
import { overviewOf } from './overview-of';

export function liveHandler({ ctx, signal }: HandlerOptions) {
  return liveSnapshots(withTicks(changesOf(ctx.runtime.informers)), () => overviewOf(ctx.runtime), signal);
}
