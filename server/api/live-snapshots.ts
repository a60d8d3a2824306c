import { EventEmitter, on } from 'node:events';

/**
 * Yields a snapshot now and then again after changes, at most once per `intervalMs`: a burst of
 * watch events becomes one message, so a busy cluster does not flood the browser.
 */
export async function* liveSnapshots<T>(
  subscribe: (onChange: () => void) => () => void,
  snapshot: () => T,
  signal: AbortSignal | undefined,
  intervalMs = 250,
): AsyncGenerator<T> {
  const ticks = new EventEmitter();
  let pending = false;
  let timer: NodeJS.Timeout | undefined;
  const unsubscribe = subscribe(() => {
    if (pending) return;
    pending = true;
    timer = setTimeout(() => {
      pending = false;
      ticks.emit('tick');
    }, intervalMs);
  });
  try {
    yield snapshot();
    for await (const _ of on(ticks, 'tick', { signal })) yield snapshot();
  } catch (error) {
    if (!signal?.aborted) throw error;
  } finally {
    unsubscribe();
    clearTimeout(timer);
  }
}
