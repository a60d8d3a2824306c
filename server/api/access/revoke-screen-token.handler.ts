import { TRPCError } from '@trpc/server';
import type { HandlerOptions } from '../trpc';
import type { AccountIdInput } from './account-id';

export async function revokeScreenTokenHandler({ ctx, input }: HandlerOptions<AccountIdInput>) {
  if (!(await ctx.runtime.access.screens.revoke(input.id))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'no such active screen token' });
  }
}
