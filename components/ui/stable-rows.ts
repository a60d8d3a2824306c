/**
 * Keeps a live table's rows from jumping under the cursor. While the pointer is over the table or a
 * row menu is open, new snapshots update rows in place but keep the order on screen: rows that left
 * stay as "gone" placeholders and rows that arrived are counted, not inserted. When the pointer
 * leaves and no menu is open, the server's latest order is applied. A snapshot for a different
 * query (the user sorted, filtered or paged) is shown at once: the user asked for that change.
 */

import { sameValue } from './same-value';

export interface Keyed {
  key: string;
}

export interface ShownRow<R> {
  row: R;
  /** No longer in the latest snapshot; kept in place until the table is released. */
  gone: boolean;
}

export interface TableView<P extends { rows: R[] }, R extends Keyed> {
  page: P;
  /** The query the page answers. */
  queryKey: string;
  rows: ShownRow<R>[];
  /** Rows of the latest snapshot held back because the table is held. */
  held: number;
  /** Whether the order on screen differs from the latest snapshot's. */
  reordered: boolean;
}

export interface StableTableState<P extends { rows: R[] }, R extends Keyed> {
  latest?: { page: P; queryKey: string };
  view?: TableView<P, R>;
  pointerInside: boolean;
  menuOpen: boolean;
  /** When the server last confirmed the view (a snapshot or a "same"). */
  receivedAt?: number;
}

export type StableTableAction<P> =
  | { type: 'snapshot'; page: P; queryKey: string; at: number }
  | { type: 'same'; at: number }
  | { type: 'pointer'; inside: boolean }
  | { type: 'menu'; open: boolean };

export function initialTableState<P extends { rows: R[] }, R extends Keyed>(): StableTableState<P, R> {
  return { pointerInside: false, menuOpen: false };
}

/**
 * The rows on screen before, by key: a row whose data did not change keeps its object, so the table's
 * memoized row sees the same props and is not rendered again.
 */
function reuse<R extends Keyed>(before: readonly ShownRow<R>[] | undefined) {
  const byKey = new Map(before?.map((shown) => [shown.row.key, shown]));
  return (row: R, gone: boolean): ShownRow<R> => {
    const old = byKey.get(row.key);
    if (old?.gone === gone && sameValue(old.row, row)) return old;
    return { row, gone };
  };
}

function fresh<P extends { rows: R[] }, R extends Keyed>(
  page: P,
  queryKey: string,
  before?: readonly ShownRow<R>[],
): TableView<P, R> {
  const shown = reuse(before);
  return {
    page,
    queryKey,
    rows: page.rows.map((row) => shown(row, false)),
    held: 0,
    reordered: false,
  };
}

/** The rows on screen updated from `incoming`, in the order already on screen. */
export function holdOrder<R extends Keyed>(
  shown: readonly ShownRow<R>[],
  incoming: readonly R[],
): { rows: ShownRow<R>[]; held: number; reordered: boolean } {
  const byKey = new Map(incoming.map((row) => [row.key, row]));
  const kept = reuse(shown);
  const rows = shown.map(({ row }) => {
    const next = byKey.get(row.key);
    return next ? kept(next, false) : kept(row, true);
  });
  const onScreen = new Set(shown.map(({ row }) => row.key));
  const held = incoming.filter((row) => !onScreen.has(row.key)).length;
  const present = rows.filter((row) => !row.gone).map(({ row }) => row.key);
  const latestOrder = incoming.filter((row) => onScreen.has(row.key)).map((row) => row.key);
  const reordered =
    held > 0 || present.length !== rows.length || present.some((key, index) => key !== latestOrder[index]);
  return { rows, held, reordered };
}

export function stableTableReducer<P extends { rows: R[] }, R extends Keyed>(
  state: StableTableState<P, R>,
  action: StableTableAction<P>,
): StableTableState<P, R> {
  switch (action.type) {
    case 'snapshot': {
      const latest = { page: action.page, queryKey: action.queryKey };
      const holding = state.pointerInside || state.menuOpen;
      if (!holding || state.view?.queryKey !== action.queryKey) {
        const view = fresh(action.page, action.queryKey, state.view?.rows);
        return { ...state, latest, view, receivedAt: action.at };
      }
      return {
        ...state,
        latest,
        view: {
          page: action.page,
          queryKey: action.queryKey,
          ...holdOrder(state.view.rows, action.page.rows),
        },
        receivedAt: action.at,
      };
    }
    case 'same':
      return { ...state, receivedAt: action.at };
    case 'pointer':
    case 'menu': {
      const next =
        action.type === 'pointer'
          ? { ...state, pointerInside: action.inside }
          : { ...state, menuOpen: action.open };
      const released = !next.pointerInside && !next.menuOpen;
      if (released && next.latest && next.view?.reordered) {
        return { ...next, view: fresh(next.latest.page, next.latest.queryKey, next.view.rows) };
      }
      return next;
    }
  }
}
