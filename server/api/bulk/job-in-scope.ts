import { TRPCError } from '@trpc/server';
import { visibleScope } from '../caller-scope';
import type { Context } from '../trpc';
import { jobInScope } from './bulk-store';

export const NO_SUCH_JOB = 'no such bulk job (old jobs are removed)';

/**
 * Refuses a call naming a job that acts outside the caller's namespaces with the answer a missing job
 * gets, so that the refusal tells nothing about other namespaces' jobs.
 */
export async function requireJobInScope(ctx: Context, jobId: string): Promise<void> {
  if (!(await jobInScope(ctx.runtime.db, visibleScope(ctx.scope), jobId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: NO_SUCH_JOB });
  }
}
