import type { HandlerOptions } from '../trpc';

export function usersHandler({ ctx }: HandlerOptions) {
  return ctx.runtime.access.accounts.list();
}
