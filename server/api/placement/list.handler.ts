import { objectsInScope } from '../../access/scope-filters';
import { visibleScope } from '../caller-scope';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { LIVE_RESOURCES, placements } from './placement-cache';
import { buildPlacementRow, queryPlacements, type PlacementPage, type PlacementQuery } from './placement-row';

/** One page of the PlacementAPIs of the caller's namespaces, live. */
export function listHandler({ ctx, input, signal }: HandlerOptions<PlacementQuery>) {
  const scope = visibleScope(ctx.scope);
  return liveView(
    changesOf(ctx.runtime.informers, LIVE_RESOURCES),
    (): PlacementPage =>
      queryPlacements(objectsInScope(scope, placements(ctx.runtime).list()).map(buildPlacementRow), input),
    signal,
  );
}
