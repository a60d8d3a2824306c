import type { HandlerOptions } from '../trpc';
import { asBadRequest } from './account-errors';
import type { AccountIdInput } from './account-id';

export function resetPasswordHandler({ ctx, input }: HandlerOptions<AccountIdInput>) {
  return asBadRequest(async () => ({ password: await ctx.runtime.access.accounts.resetPassword(input.id) }));
}
