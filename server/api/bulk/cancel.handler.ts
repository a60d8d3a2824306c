import { TRPCError } from '@trpc/server';
import { actorOf, type HandlerOptions } from '../trpc';
import { bulkRunnerOf } from './bulk-jobs';
import { requireJobInScope } from './job-in-scope';
import type { BulkJobId } from './job-id';

export async function cancelHandler({ ctx, input }: HandlerOptions<BulkJobId>) {
  await requireJobInScope(ctx, input.id);
  const outcome = await bulkRunnerOf(ctx.runtime).cancel(input.id, actorOf(ctx.principal).actor);
  if (outcome === 'not-running') {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: 'that job is not running (or does not exist)',
    });
  }
  return { status: outcome };
}
