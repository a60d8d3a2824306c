import type { HandlerOptions } from '../trpc';
import { listJobs } from './bulk-store';

export const RECENT_JOBS = 50;

/** The newest jobs, each with its tally. */
export function listHandler({ ctx }: HandlerOptions) {
  return listJobs(ctx.runtime.db, RECENT_JOBS);
}
