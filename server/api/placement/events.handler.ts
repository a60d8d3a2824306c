import { placementApiResource } from '../../types/crds/placement-api';
import { cachedObjectEvents } from '../cached-object';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';

export function eventsHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  return cachedObjectEvents(ctx.runtime, placementApiResource, input);
}
