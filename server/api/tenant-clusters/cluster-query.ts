import { z } from 'zod';
import { MAX_PAGE, MAX_SEARCH, PAGE_SIZES, type FacetCount } from '../bare-metal-hosts/host-query';
import type { ClusterRow } from './cluster-row';

export const CLUSTER_SORT_KEYS = ['name', 'namespace', 'ready', 'hosts', 'age'] as const;
export type ClusterSortKey = (typeof CLUSTER_SORT_KEYS)[number];
export const READY_VALUES = ['True', 'False', 'Unknown'] as const;

export const clusterQuerySchema = z.object({
  search: z.string().trim().max(MAX_SEARCH, `search must be at most ${MAX_SEARCH} characters`).default(''),
  ready: z.array(z.enum(READY_VALUES)).max(READY_VALUES.length).default([]),
  sort: z.enum(CLUSTER_SORT_KEYS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.int().min(1).max(MAX_PAGE, `page must be at most ${MAX_PAGE}`).default(1),
  pageSize: z.literal(PAGE_SIZES, { error: 'pageSize must be 50, 100 or 250' }).default(50),
});
export type ClusterQuery = z.output<typeof clusterQuerySchema>;
export type ClusterQueryInput = z.input<typeof clusterQuerySchema>;

export interface ClusterPage {
  rows: ClusterRow[];
  total: number;
  totalAll: number;
  page: number;
  pageSize: number;
  pageCount: number;
  facets: { ready: FacetCount[] };
}

function compareText(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}

/** Not ready first: that is what an operator looks for. */
const READY_RANK: Record<string, number> = { False: 0, Unknown: 1, True: 2 };

function compareBy(key: ClusterSortKey): (a: ClusterRow, b: ClusterRow) => number {
  switch (key) {
    case 'name':
      return (a, b) => compareText(a.name, b.name);
    case 'namespace':
      return (a, b) => compareText(a.namespace, b.namespace);
    case 'ready':
      return (a, b) => (READY_RANK[a.ready.status] ?? 0) - (READY_RANK[b.ready.status] ?? 0);
    case 'hosts':
      return (a, b) => a.wanted - b.wanted || a.found - b.found;
    case 'age':
      return (a, b) => compareText(b.createdAt ?? '', a.createdAt ?? '');
  }
}

export function queryClusters(rows: ClusterRow[], query: ClusterQuery): ClusterPage {
  const terms = query.search.toLowerCase().split(/\s+/).filter(Boolean);
  const searched = rows.filter((row) => {
    const text = `${row.namespace}/${row.name} ${row.ready.reason}`.toLowerCase();
    return terms.every((term) => text.includes(term));
  });
  const counts = new Map<string, number>(READY_VALUES.map((value) => [value, 0]));
  for (const row of searched) counts.set(row.ready.status, (counts.get(row.ready.status) ?? 0) + 1);
  const filtered = searched.filter(
    (row) => query.ready.length === 0 || query.ready.includes(row.ready.status),
  );
  const primary = compareBy(query.sort);
  const sign = query.dir === 'asc' ? 1 : -1;
  const sorted = [...filtered].sort(
    (a, b) => sign * primary(a, b) || compareText(a.namespace, b.namespace) || compareText(a.name, b.name),
  );
  const pageCount = Math.max(1, Math.ceil(sorted.length / query.pageSize));
  const page = Math.min(query.page, pageCount);
  const start = (page - 1) * query.pageSize;
  return {
    rows: sorted.slice(start, start + query.pageSize),
    total: sorted.length,
    totalAll: rows.length,
    page,
    pageSize: query.pageSize,
    pageCount,
    facets: { ready: [...counts].map(([value, count]) => ({ value, count })) },
  };
}
