import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { overviewOf } from './overview-of';

export function getHandler({ ctx }: HandlerOptions) {
  return overviewOf(ctx.runtime, visibleScope(ctx.scope));
}
