import { ExpiringCache } from '../lib/expiring-cache';

/**
 * `rows` with those named in `order` first, in that order, then the rest as they came. Linear: the
 * input that makes a re-sort after a few changes cheap.
 */
export function inOrderOf<R extends object>(
  rows: readonly R[],
  keyOf: (row: R) => string,
  order: readonly string[],
): R[] {
  const position = new Map<string, number>();
  order.forEach((key, index) => position.set(key, index));
  const placed = new Array<R | undefined>(order.length).fill(undefined);
  const rest: R[] = [];
  for (const row of rows) {
    const at = position.get(keyOf(row));
    if (at === undefined || placed[at] !== undefined) rest.push(row);
    else placed[at] = row;
  }
  const ordered = placed.filter((row): row is R => row !== undefined);
  for (const row of rest) ordered.push(row);
  return ordered;
}

/**
 * Sorts lists that are sorted again and again with few changes between (a live view's rows), each
 * starting from the order the last sort of the same name ended in. V8's sort (TimSort) takes an
 * almost sorted array in about one comparison per row: re-sorting 10,000 hosts after one changed
 * costs ~10,000 collator comparisons instead of ~130,000, which were two thirds of a hosts-list build.
 * The result does not depend on the hint when `compare` is a total order; the hint only saves work.
 */
export class SortHints {
  /** The keys of each name's last sort; setting one again makes it the newest. */
  private readonly orders: ExpiringCache<string, readonly string[]>;

  constructor(maxNames: number) {
    this.orders = new ExpiringCache(maxNames);
  }

  /** Names remembered now, for tests. */
  get size(): number {
    return this.orders.size;
  }

  sort<R extends object>(
    name: string,
    rows: readonly R[],
    keyOf: (row: R) => string,
    compare: (a: R, b: R) => number,
  ): R[] {
    const order = this.orders.get(name);
    const sorted = (order ? inOrderOf(rows, keyOf, order) : [...rows]).sort(compare);
    this.orders.set(name, sorted.map(keyOf), Number.POSITIVE_INFINITY);
    return sorted;
  }
}
