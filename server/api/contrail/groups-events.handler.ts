import { vrouterResource } from '../../types/crds/vrouter';
import { cachedObjectEvents } from '../cached-object';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';

export function groupsEventsHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  return cachedObjectEvents(ctx.runtime, vrouterResource, input);
}
