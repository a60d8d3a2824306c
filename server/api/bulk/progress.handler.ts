import type { LiveMessage } from '../../types/live-message';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { bulkRunnerOf } from './bulk-jobs';
import { readJob, type BulkJobView } from './bulk-store';
import type { BulkJobId } from './job-id';

/** A job run by another replica emits no events here: its record is read again this often meanwhile. */
const POLL_MS = 2_000;

/**
 * A job's tally, live: read again after each batch of outcomes this server records (one read at a
 * time; changes during one ask for one more), and every POLL_MS while it runs.
 */
export async function* progressHandler({
  ctx,
  input,
  signal,
}: HandlerOptions<BulkJobId>): AsyncGenerator<LiveMessage<BulkJobView | null>> {
  const runner = bulkRunnerOf(ctx.runtime);
  let job = (await readJob(ctx.runtime.db, input.id)) ?? null;
  const read = { running: false, again: false };
  const subscribe = (onChange: () => void) => {
    const reread = () => {
      if (read.running) {
        read.again = true;
        return;
      }
      read.running = true;
      read.again = false;
      void readJob(ctx.runtime.db, input.id)
        .then(
          (fresh) => {
            job = fresh ?? null;
            onChange();
          },
          // The panel keeps what it has; the next change reads again.
          () => undefined,
        )
        .finally(() => {
          read.running = false;
          if (read.again && !signal?.aborted) reread();
        });
    };
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
