import type { Runtime } from '../../runtime';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { LIVE_RESOURCES, placements } from './placement-cache';
import { buildPlacementDetail, type PlacementDetailView } from './placement-detail';

export type PlacementDetailMessage = { found: true; placement: PlacementDetailView } | { found: false };

function placementDetail(runtime: Runtime, ref: ObjectRef): PlacementDetailMessage {
  const placement = placements(runtime).get(ref.name, ref.namespace);
  return placement
    ? { found: true, placement: buildPlacementDetail(placement, runtime.informers) }
    : { found: false };
}

export function detailHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  return liveView(
    changesOf(ctx.runtime.informers, LIVE_RESOURCES),
    () => placementDetail(ctx.runtime, input),
    signal,
  );
}
