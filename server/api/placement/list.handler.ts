import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { LIVE_RESOURCES, placements } from './placement-cache';
import { buildPlacementRow, queryPlacements, type PlacementPage, type PlacementQuery } from './placement-row';

export function listHandler({ ctx, input, signal }: HandlerOptions<PlacementQuery>) {
  return liveView(
    changesOf(ctx.runtime.informers, LIVE_RESOURCES),
    (): PlacementPage => queryPlacements(placements(ctx.runtime).list().map(buildPlacementRow), input),
    signal,
  );
}
