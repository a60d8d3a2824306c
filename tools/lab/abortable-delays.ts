/**
 * Waits that all end at once on abort, with one listener on the signal however many are pending: the
 * seed's host progressions and the simulated host operator stop without waiting out their delays.
 * Each wait resolves true when its time is up, false when the signal aborted first (or already had).
 */
export function abortableDelays(signal: AbortSignal | undefined): (ms: number) => Promise<boolean> {
  const pending = new Map<ReturnType<typeof setTimeout>, (done: boolean) => void>();
  signal?.addEventListener(
    'abort',
    () => {
      for (const [timer, resolve] of pending) {
        clearTimeout(timer);
        resolve(false);
      }
      pending.clear();
    },
    { once: true },
  );
  return (ms) =>
    new Promise((resolve) => {
      if (signal?.aborted) {
        resolve(false);
        return;
      }
      const timer = setTimeout(() => {
        pending.delete(timer);
        resolve(true);
      }, ms);
      pending.set(timer, resolve);
    });
}
