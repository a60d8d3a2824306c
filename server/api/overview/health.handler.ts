import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { overviewHealth } from './overview-health';

/** The controllers' Lease and recent Warning events (of the caller's namespaces), read on demand. */
export function healthHandler({ ctx }: HandlerOptions) {
  return overviewHealth(ctx.runtime, visibleScope(ctx.scope));
}
