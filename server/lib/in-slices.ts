import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Calls `each` on every item, `slice` items per turn of the event loop: background work over a whole
 * fleet (thousands of objects) that must not hold requests and sockets waiting while it runs.
 */
export async function inSlices<T>(
  items: readonly T[],
  slice: number,
  each: (item: T) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += slice) {
    if (start > 0) await nextTurn();
    for (const item of items.slice(start, start + slice)) each(item);
  }
}
