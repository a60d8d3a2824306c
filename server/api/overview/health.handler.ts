import type { HandlerOptions } from '../trpc';
import { overviewHealth } from './overview-health';

/** The controllers' Lease and recent Warning events, read from the API server on demand. */
export function healthHandler({ ctx }: HandlerOptions) {
  return overviewHealth(ctx.runtime);
}
