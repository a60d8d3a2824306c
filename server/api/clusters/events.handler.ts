import { sipClusterResource } from '../../types/crds/sip-cluster';
import { cachedObjectEvents } from '../cached-object';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';

export function eventsHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  return cachedObjectEvents(ctx.runtime, sipClusterResource, input);
}
