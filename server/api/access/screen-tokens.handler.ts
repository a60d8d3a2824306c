import type { HandlerOptions } from '../trpc';

export function screenTokensHandler({ ctx }: HandlerOptions) {
  return ctx.runtime.access.screens.list();
}
