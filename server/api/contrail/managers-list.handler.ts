import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { live } from './contrail-cache';
import { managerPage, type ContrailQuery } from './contrail-query';

export function managersListHandler({ ctx, input, signal }: HandlerOptions<ContrailQuery>) {
  const scope = visibleScope(ctx.scope);
  return live(ctx.runtime, () => managerPage(ctx.runtime, input, scope), signal);
}
