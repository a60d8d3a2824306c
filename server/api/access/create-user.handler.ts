import type { HandlerOptions } from '../trpc';
import { asBadRequest } from './account-errors';
import type { CreateUserInput } from './create-user.schema';

export function createUserHandler({ ctx, input }: HandlerOptions<CreateUserInput>) {
  return asBadRequest(async () => {
    const { user, password } = await ctx.runtime.access.accounts.create(input.username, input.role);
    return { user, password };
  });
}
