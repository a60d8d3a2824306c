import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { cachedObjectEvents } from '../cached-object';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';

/** events.k8s.io/v1 events regarding the host, read from the API server on demand. */
export function eventsHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  return cachedObjectEvents(ctx.runtime, bareMetalHostResource, input);
}
