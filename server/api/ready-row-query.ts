import { z } from 'zod';
import { MAX_PAGE, MAX_SEARCH, PAGE_SIZES, type FacetCount } from './hosts/host-query';
import type { ReadyView } from './ready-view';
import { pageSlice } from './page-slice';
import { compareText } from './compare-text';

export const READY_VALUES = ['True', 'False', 'Unknown'] as const;

/** The list query of a kind whose rows have a Ready condition: search, Ready facet, sort, page. */
export function readyRowQuerySchema<const Keys extends readonly [string, ...string[]]>(sortKeys: Keys) {
  return z.object({
    search: z.string().trim().max(MAX_SEARCH, `search must be at most ${MAX_SEARCH} characters`).default(''),
    ready: z.array(z.enum(READY_VALUES)).max(READY_VALUES.length).default([]),
    sort: z.enum(sortKeys).default(sortKeys[0]),
    dir: z.enum(['asc', 'desc']).default('asc'),
    page: z.int().min(1).max(MAX_PAGE, `page must be at most ${MAX_PAGE}`).default(1),
    pageSize: z.literal(PAGE_SIZES, { error: 'pageSize must be 50, 100 or 250' }).default(50),
  });
}

export interface ReadyRow {
  namespace: string;
  name: string;
  ready: ReadyView;
}

export interface ReadyRowPage<Row> {
  rows: Row[];
  total: number;
  totalAll: number;
  page: number;
  pageSize: number;
  pageCount: number;
  facets: { ready: FacetCount[] };
}

/** Not ready first: that is what an operator looks for. */
const READY_RANK: Record<string, number> = { False: 0, Unknown: 1, True: 2 };

export function compareReady(a: ReadyRow, b: ReadyRow): number {
  return (READY_RANK[a.ready.status] ?? 0) - (READY_RANK[b.ready.status] ?? 0);
}

/**
 * Searches (every term in `searchText`), counts the Ready facet over the searched rows, filters,
 * sorts (ties by namespace/name) and cuts one page; a page past the end shows the last one.
 */
export function queryReadyRows<Row extends ReadyRow, Key extends string>(
  rows: Row[],
  query: {
    search: string;
    ready: readonly string[];
    sort: Key;
    dir: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
  searchText: (row: Row) => string,
  comparators: Record<Key, (a: Row, b: Row) => number>,
): ReadyRowPage<Row> {
  const terms = query.search.toLowerCase().split(/\s+/).filter(Boolean);
  const searched = rows.filter((row) => {
    const text = searchText(row).toLowerCase();
    return terms.every((term) => text.includes(term));
  });
  const counts = new Map<string, number>(READY_VALUES.map((value) => [value, 0]));
  for (const row of searched) counts.set(row.ready.status, (counts.get(row.ready.status) ?? 0) + 1);
  const filtered = searched.filter(
    (row) => query.ready.length === 0 || query.ready.includes(row.ready.status),
  );
  const primary = comparators[query.sort];
  const sign = query.dir === 'asc' ? 1 : -1;
  const sorted = [...filtered].sort(
    (a, b) => sign * primary(a, b) || compareText(a.namespace, b.namespace) || compareText(a.name, b.name),
  );
  return {
    ...pageSlice(sorted, query.page, query.pageSize),
    totalAll: rows.length,
    facets: { ready: [...counts].map(([value, count]) => ({ value, count })) },
  };
}
