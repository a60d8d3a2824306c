import { managerResource } from '../../types/crds/manager';
import { deleteCachedObject } from '../cached-object';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';

export function managersDeleteHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  return deleteCachedObject(ctx.runtime, managerResource, input);
}
