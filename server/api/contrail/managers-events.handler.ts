import { managerResource } from '../../types/crds/manager';
import { cachedObjectEvents } from '../cached-object';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';

export function managersEventsHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  return cachedObjectEvents(ctx.runtime, managerResource, input);
}
