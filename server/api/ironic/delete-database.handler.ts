import { TRPCError } from '@trpc/server';
import { ironicDatabaseResource } from '../../types/crds';
import { deleteCachedObject } from '../cached-object';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { ironics } from './ironic-cache';
import { databaseUsers } from './ironic-leftovers';

/** Deletes an IronicDatabase (its MariaDB and data go with it), refused while an Ironic names it. */
export function deleteDatabaseHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  const users = databaseUsers(ironics(ctx.runtime).list(), input.namespace, input.name);
  if (users.length > 0) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: `IronicDatabase ${input.namespace}/${input.name} is used by ${users.join(', ')}: delete ${users.length === 1 ? 'that Ironic' : 'those Ironics'} first`,
    });
  }
  return deleteCachedObject(ctx.runtime, ironicDatabaseResource, input);
}
