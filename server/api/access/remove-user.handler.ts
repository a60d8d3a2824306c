import { TRPCError } from '@trpc/server';
import type { HandlerOptions } from '../trpc';
import { asBadRequest } from './account-errors';
import type { AccountIdInput } from './account-id';

export function removeUserHandler({ ctx, input }: HandlerOptions<AccountIdInput>) {
  if (ctx.principal?.kind === 'user' && ctx.principal.userId === input.id) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'you cannot remove your own account' });
  }
  return asBadRequest(() => ctx.runtime.access.accounts.remove(input.id));
}
