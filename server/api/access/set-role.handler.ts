import type { HandlerOptions } from '../trpc';
import { asBadRequest } from './account-errors';
import type { SetRoleInput } from './set-role.schema';

export function setRoleHandler({ ctx, input }: HandlerOptions<SetRoleInput>) {
  return asBadRequest(() => ctx.runtime.access.accounts.setRole(input.id, input.role, input.scope));
}
