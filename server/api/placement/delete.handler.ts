import { placementApiResource } from '../../types/crds/placement-api';
import { deleteCachedObject } from '../cached-object';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';

export function deleteHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  return deleteCachedObject(ctx.runtime, placementApiResource, input);
}
