import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { live } from './contrail-cache';
import { groupPage, type ContrailQuery } from './contrail-query';

export function groupsListHandler({ ctx, input, signal }: HandlerOptions<ContrailQuery>) {
  const scope = visibleScope(ctx.scope);
  return live(ctx.runtime, () => groupPage(ctx.runtime, input, scope), signal);
}
