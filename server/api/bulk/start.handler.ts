import { visibleScope } from '../caller-scope';
import { actorOf, type HandlerOptions } from '../trpc';
import { bulkRunnerOf } from './bulk-jobs';
import type { BulkStartInput } from './start.schema';

/**
 * Starts a job on the hosts of the caller's namespaces the filter matches now; answers at once with its
 * id. Its turns act through this call's runtime (as the user who started it, when the console acts as
 * its users), each on a host still in those namespaces.
 */
export function startHandler({ ctx, input }: HandlerOptions<BulkStartInput>) {
  const requester = { ...actorOf(ctx.principal), clientIp: ctx.clientIp };
  return bulkRunnerOf(ctx.runtime).start(input, requester, ctx.runtime, visibleScope(ctx.scope));
}
