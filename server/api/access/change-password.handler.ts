import { TRPCError } from '@trpc/server';
import type { HandlerOptions } from '../trpc';
import { asBadRequest } from './account-errors';
import type { ChangePasswordInput } from './change-password.schema';

export function changePasswordHandler({ ctx, input }: HandlerOptions<ChangePasswordInput>) {
  const principal = ctx.principal;
  if (principal?.kind !== 'user') throw new TRPCError({ code: 'FORBIDDEN' });
  return asBadRequest(() =>
    ctx.runtime.access.accounts.changePassword(
      principal.userId,
      input.currentPassword,
      input.newPassword,
      principal.sessionId,
      ctx.clientIp,
    ),
  );
}
