import { TRPCError } from '@trpc/server';
import type { HandlerOptions } from '../trpc';
import { readJob, readResults } from './bulk-store';
import type { GetInput } from './get.schema';

/** A job with one page of its hosts' outcomes: what the results panel shows after a reload. */
export async function getHandler({ ctx, input }: HandlerOptions<GetInput>) {
  const job = await readJob(ctx.runtime.db, input.id);
  if (!job) throw new TRPCError({ code: 'NOT_FOUND', message: 'no such bulk job (old jobs are removed)' });
  return { job, results: await readResults(ctx.runtime.db, input.id, input) };
}
