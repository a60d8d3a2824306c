import { atMostEvery } from '../lib/at-most-every';

/**
 * Yields a snapshot now and then again after changes, at most once per `intervalMs`: a burst of
 * watch events becomes one message, so a busy cluster does not flood the browser. While the consumer
 * is still sending the last snapshot, later changes leave one mark, not a queue: a slow socket gets the
 * newest state next, never a backlog of stale ones built one after another.
 */
export async function* liveSnapshots<T>(
  subscribe: (onChange: () => void) => () => void,
  snapshot: () => T,
  signal: AbortSignal | undefined,
  intervalMs = 250,
): AsyncGenerator<T> {
  // An object, so that the flag set by the timer is read afresh in the loop.
  const mark = { changed: false };
  let wake: (() => void) | undefined;
  const throttle = atMostEvery(intervalMs, () => {
    mark.changed = true;
    wake?.();
  });
  const unsubscribe = subscribe(throttle.changed);
  const aborted = () => wake?.();
  signal?.addEventListener('abort', aborted, { once: true });
  try {
    yield snapshot();
    while (!signal?.aborted) {
      if (!mark.changed) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      mark.changed = false;
      yield snapshot();
    }
  } finally {
    signal?.removeEventListener('abort', aborted);
    unsubscribe();
    throttle.stop();
  }
}
