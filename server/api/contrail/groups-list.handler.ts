import type { HandlerOptions } from '../trpc';
import { live } from './contrail-cache';
import { groupPage, type ContrailQuery } from './contrail-query';

export function groupsListHandler({ ctx, input, signal }: HandlerOptions<ContrailQuery>) {
  return live(ctx.runtime, () => groupPage(ctx.runtime, input), signal);
}
