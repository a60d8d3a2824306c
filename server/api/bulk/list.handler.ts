import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { listJobs } from './bulk-store';

export const RECENT_JOBS = 50;

/** The newest jobs the caller may see (those acting in their namespaces only), each with its tally. */
export function listHandler({ ctx }: HandlerOptions) {
  return listJobs(ctx.runtime.db, RECENT_JOBS, visibleScope(ctx.scope));
}
