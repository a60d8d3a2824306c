import type { LiveMessage } from '../../types/live-message';
import { liveView } from '../live-view';
import { oneReadAtATime } from '../one-read-at-a-time';
import type { HandlerOptions } from '../trpc';
import { bulkRunnerOf } from './bulk-jobs';
import { readJob, type BulkJobView } from './bulk-store';
import type { BulkJobId } from './job-id';
import { requireJobInScope } from './job-in-scope';

/** A job run by another replica emits no events here: its record is read again this often meanwhile. */
const POLL_MS = 2_000;

/**
 * A job's tally, live: read again after each batch of outcomes this server records, and every
 * POLL_MS while it runs.
 */
export async function* progressHandler({
  ctx,
  input,
  signal,
}: HandlerOptions<BulkJobId>): AsyncGenerator<LiveMessage<BulkJobView | null>> {
  await requireJobInScope(ctx, input.id);
  const runner = bulkRunnerOf(ctx.runtime);
  let job = (await readJob(ctx.runtime.db, input.id)) ?? null;
  const subscribe = (onChange: () => void) => {
    const reread = oneReadAtATime(
      () => readJob(ctx.runtime.db, input.id),
      (fresh) => {
        job = fresh ?? null;
        onChange();
      },
      () => signal?.aborted ?? false,
    );
    const onProgress = (id: string) => {
      if (id === input.id) reread();
    };
    runner.on('progress', onProgress);
    const poll = setInterval(() => {
      if (job?.state === 'running') reread();
    }, POLL_MS);
    return () => {
      clearInterval(poll);
      runner.off('progress', onProgress);
    };
  };
  yield* liveView(subscribe, () => job, signal);
}
