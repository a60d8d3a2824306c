import { ironicResource } from '../../types/crds';
import { deleteCachedObject } from '../cached-object';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';

/** Deletes the Ironic; its Deployment, Service and generated credentials go with it. */
export function deleteHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  return deleteCachedObject(ctx.runtime, ironicResource, input);
}
