import { TRPCError } from '@trpc/server';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { vrouters } from './contrail-cache';
import { deleteGroup } from './delete-group';

/** Removes the group from its Manager (which prunes the Vrouter), or deletes a Vrouter no Manager declares. */
export async function groupsDeleteHandler({
  ctx,
  input,
}: HandlerOptions<ObjectRef>): Promise<{ status: 'deleting' }> {
  const vrouter = vrouters(ctx.runtime).get(input.name, input.namespace);
  if (!vrouter)
    throw new TRPCError({
      code: 'NOT_FOUND',
      message: `vRouter group ${input.namespace}/${input.name} does not exist`,
    });
  await deleteGroup(ctx.runtime.kc, vrouter);
  return { status: 'deleting' };
}
