import { describe, expect, it } from 'vitest';
import {
  holdOrder,
  initialTableState,
  stableTableReducer,
  type StableTableAction,
  type StableTableState,
} from './stable-rows';

interface Row {
  key: string;
  v: number;
}
interface Page {
  rows: Row[];
  total: number;
}

const page = (keys: string, v = 0): Page => ({
  rows: keys.split('').map((key) => ({ key, v })),
  total: keys.length,
});

function run(actions: StableTableAction<Page>[]): StableTableState<Page, Row> {
  return actions.reduce<StableTableState<Page, Row>>(
    (state, action) => stableTableReducer<Page, Row>(state, action),
    initialTableState<Page, Row>(),
  );
}

const shown = (state: StableTableState<Page, Row>) =>
  state.view?.rows.map(({ row, gone }) => `${row.key}${row.v}${gone ? '!' : ''}`).join(' ');

describe('holdOrder', () => {
  it.each([
    ['same order, new content', 'abc', 'abc', 'a1 b1 c1', 0, false],
    ['reordered', 'abc', 'cab', 'a1 b1 c1', 0, true],
    ['one gone', 'abc', 'ac', 'a1 b0! c1', 0, true],
    ['one new', 'abc', 'abdc', 'a1 b1 c1', 1, true],
    ['everything replaced', 'ab', 'xy', 'a0! b0!', 2, true],
  ])('%s', (_name, before, after, expected, held, reordered) => {
    const result = holdOrder(
      page(before).rows.map((row) => ({ row, gone: false })),
      page(after, 1).rows,
    );
    expect(result.rows.map(({ row, gone }) => `${row.key}${row.v}${gone ? '!' : ''}`).join(' ')).toBe(
      expected,
    );
    expect(result.held).toBe(held);
    expect(result.reordered).toBe(reordered);
  });
});

describe('stableTableReducer', () => {
  it('shows snapshots as they come while nothing holds the table', () => {
    const state = run([
      { type: 'snapshot', page: page('abc'), queryKey: 'q', at: 1 },
      { type: 'snapshot', page: page('cba', 1), queryKey: 'q', at: 2 },
    ]);
    expect(shown(state)).toBe('c1 b1 a1');
    expect(state.receivedAt).toBe(2);
  });

  it('keeps the order under the pointer and applies the new one when it leaves', () => {
    const held = run([
      { type: 'snapshot', page: page('abc'), queryKey: 'q', at: 1 },
      { type: 'pointer', inside: true },
      { type: 'snapshot', page: page('dca', 1), queryKey: 'q', at: 2 },
    ]);
    expect(shown(held)).toBe('a1 b0! c1');
    expect(held.view?.held).toBe(1);
    expect(held.view?.page.total).toBe(3);
    const released = stableTableReducer(held, { type: 'pointer', inside: false });
    expect(shown(released)).toBe('d1 c1 a1');
  });

  it('holds while a row menu is open even after the pointer left', () => {
    const state = run([
      { type: 'snapshot', page: page('ab'), queryKey: 'q', at: 1 },
      { type: 'menu', open: true },
      { type: 'pointer', inside: false },
      { type: 'snapshot', page: page('ba', 1), queryKey: 'q', at: 2 },
    ]);
    expect(shown(state)).toBe('a1 b1');
    expect(shown(stableTableReducer(state, { type: 'menu', open: false }))).toBe('b1 a1');
  });

  it('applies a snapshot for another query at once, even under the pointer', () => {
    const state = run([
      { type: 'snapshot', page: page('abc'), queryKey: 'sort=name', at: 1 },
      { type: 'pointer', inside: true },
      { type: 'snapshot', page: page('cba'), queryKey: 'sort=-name', at: 2 },
    ]);
    expect(shown(state)).toBe('c0 b0 a0');
  });

  it('records "same" as a fresh confirmation without touching rows', () => {
    const first = run([{ type: 'snapshot', page: page('ab'), queryKey: 'q', at: 1 }]);
    const state = stableTableReducer(first, { type: 'same', at: 5 });
    expect(state.view).toBe(first.view);
    expect(state.receivedAt).toBe(5);
  });
});

describe('row identity across snapshots', () => {
  // Each snapshot is new objects, as a message off the wire is: only the data can tell a row unchanged.
  const rows = (text: string) =>
    text.split(' ').map((entry) => ({ key: entry.slice(0, 1), v: Number(entry.slice(1)) }));
  const snapshot = (text: string, at: number): StableTableAction<Page> => ({
    type: 'snapshot',
    page: { rows: rows(text), total: 3 },
    queryKey: 'q',
    at,
  });
  const kept = (before: StableTableState<Page, Row>, after: StableTableState<Page, Row>) =>
    after.view?.rows.map((shown) => before.view?.rows.some((old) => old === shown) ?? false);

  it('keeps each unchanged row’s object and replaces the changed one, nothing holding the table', () => {
    const before = run([snapshot('a0 b0 c0', 1)]);
    const after = stableTableReducer(before, snapshot('a0 b1 c0', 2));
    expect(kept(before, after)).toEqual([true, false, true]);
    expect(shown(after)).toBe('a0 b1 c0');
  });

  it('keeps them by key when the order changes, and when the table is released', () => {
    const before = run([snapshot('a0 b0 c0', 1)]);
    const moved = stableTableReducer(before, snapshot('c0 a1 b0', 2));
    expect(kept(before, moved)).toEqual([true, false, true]);
    const held = run([snapshot('a0 b0 c0', 1), { type: 'pointer', inside: true }, snapshot('c0 b1', 2)]);
    expect(shown(held)).toBe('a0! b1 c0');
    const released = stableTableReducer(held, { type: 'pointer', inside: false });
    expect(kept(held, released)).toEqual([true, true]);
    expect(shown(released)).toBe('c0 b1');
  });

  it('keeps unchanged rows under the pointer and replaces a row that leaves with a gone one', () => {
    const before = run([snapshot('a0 b0 c0', 1), { type: 'pointer', inside: true }]);
    const after = stableTableReducer(before, snapshot('a0 c2', 2));
    expect(kept(before, after)).toEqual([true, false, false]);
    expect(shown(after)).toBe('a0 b0! c2');
    const again = stableTableReducer(after, snapshot('a0 c2', 3));
    expect(kept(after, again)).toEqual([true, true, true]);
  });
});
