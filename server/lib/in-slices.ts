import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Calls `each` on every item, `slice` items per turn of the event loop: work over many objects
 * (thousands of hosts, hundreds of subscribers) that must not hold requests and sockets waiting
 * while it runs. The first slice runs before this returns; no slice starts once `signal` is aborted.
 */
export async function inSlices<T>(
  items: readonly T[],
  slice: number,
  each: (item: T) => void,
  signal?: AbortSignal,
): Promise<void> {
  for (let start = 0; start < items.length; start += slice) {
    if (start > 0) await nextTurn();
    if (signal?.aborted) return;
    for (const item of items.slice(start, start + slice)) each(item);
  }
}
