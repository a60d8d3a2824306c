import { TRPCError } from '@trpc/server';
import type { HandlerOptions } from '../trpc';
import { readJob, readResults } from './bulk-store';
import type { GetInput } from './get.schema';
import { NO_SUCH_JOB, requireJobInScope } from './job-in-scope';

/** A job with one page of its hosts' outcomes: what the results panel shows after a reload. */
export async function getHandler({ ctx, input }: HandlerOptions<GetInput>) {
  await requireJobInScope(ctx, input.id);
  const job = await readJob(ctx.runtime.db, input.id);
  if (!job) throw new TRPCError({ code: 'NOT_FOUND', message: NO_SUCH_JOB });
  return { job, results: await readResults(ctx.runtime.db, input.id, input) };
}
