import { describe, expect, it } from 'vitest';
import { inOrderOf, SortHints } from './hinted-sort';

interface Item {
  key: string;
  n: number;
}

const keyOf = (item: Item) => item.key;
const byN = (a: Item, b: Item) => a.n - b.n || a.key.localeCompare(b.key);
const items = (ns: number[]) => ns.map((n, i) => ({ key: `k${i}`, n }));

/** A comparison that counts its calls. */
function counted() {
  const count = { calls: 0 };
  const compare = (a: Item, b: Item) => {
    count.calls += 1;
    return byN(a, b);
  };
  return { count, compare };
}

describe('inOrderOf', () => {
  it('puts the named rows first in that order, then the others as they came', () => {
    const rows = items([5, 6, 7, 8]);
    expect(inOrderOf(rows, keyOf, ['k2', 'gone', 'k0']).map(keyOf)).toEqual(['k2', 'k0', 'k1', 'k3']);
  });

  it('keeps a row whose key repeats, after the first', () => {
    const rows = [
      { key: 'a', n: 1 },
      { key: 'a', n: 2 },
    ];
    expect(inOrderOf(rows, keyOf, ['a'])).toEqual(rows);
  });
});

describe('SortHints', () => {
  it('sorts as a plain sort does, whatever the hint says', () => {
    const hints = new SortHints(4);
    const rows = items([3, 1, 2, 1, 0]);
    hints.sort('q', rows, keyOf, byN);
    const changed = rows.map((row) => (row.key === 'k2' ? { ...row, n: -1 } : row));
    expect(hints.sort('q', changed, keyOf, byN)).toEqual([...changed].sort(byN));
    const fewer = changed.filter((row) => row.key !== 'k0').concat({ key: 'new', n: 2 });
    expect(hints.sort('q', fewer, keyOf, byN)).toEqual([...fewer].sort(byN));
  });

  it('re-sorts a long list after one change in about one comparison per row', () => {
    const hints = new SortHints(4);
    const rows = items(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 2000));
    hints.sort('q', rows, keyOf, byN);
    const changed = rows.map((row) => (row.key === 'k5' ? { ...row, n: 1000.5 } : row));
    const hinted = counted();
    const cold = counted();
    expect(hints.sort('q', changed, keyOf, hinted.compare)).toEqual([...changed].sort(cold.compare));
    expect(hinted.count.calls).toBeLessThan(2 * rows.length);
    expect(cold.count.calls).toBeGreaterThan(5 * rows.length);
  });

  it('keeps each name its own order and forgets the least recently used past its bound', () => {
    const hints = new SortHints(2);
    const shuffled = items(Array.from({ length: 500 }, (_, i) => (i * 7919) % 500));
    const callsOf = (name: string) => {
      const sort = counted();
      hints.sort(name, shuffled, keyOf, sort.compare);
      return sort.count.calls;
    };
    callsOf('a');
    callsOf('b');
    callsOf('a');
    callsOf('c');
    expect(hints.size).toBe(2);
    expect(callsOf('a')).toBe(shuffled.length - 1);
    expect(callsOf('b')).toBeGreaterThan(2 * shuffled.length);
  });
});
