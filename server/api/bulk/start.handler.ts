import { actorOf, type HandlerOptions } from '../trpc';
import { bulkRunnerOf } from './bulk-jobs';
import type { BulkStartInput } from './start.schema';

/** Starts a job on the hosts the filter matches now; answers at once with its id. */
export function startHandler({ ctx, input }: HandlerOptions<BulkStartInput>) {
  return bulkRunnerOf(ctx.runtime).start(input, { ...actorOf(ctx.principal), clientIp: ctx.clientIp });
}
