import { changesOf } from '../change-subscription';
import { liveSnapshots } from '../live-snapshots';
import type { HandlerOptions } from '../trpc';
import { overviewOf } from './overview-of';

export function liveHandler({ ctx, signal }: HandlerOptions) {
  return liveSnapshots(changesOf(ctx.runtime.informers), () => overviewOf(ctx.runtime), signal);
}
