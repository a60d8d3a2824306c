import type { z } from 'zod';
import { compareText } from '../compare-text';
import { compareReady, queryReadyRows, readyRowQuerySchema, type ReadyRowPage } from '../ready-row-query';
import type { PlunderClusterRow } from './plunder-cluster-row';

export const PLUNDER_CLUSTER_SORT_KEYS = ['name', 'namespace', 'ready', 'machines', 'age'] as const;
export type PlunderClusterSortKey = (typeof PLUNDER_CLUSTER_SORT_KEYS)[number];

export const plunderClusterQuerySchema = readyRowQuerySchema(PLUNDER_CLUSTER_SORT_KEYS);
export type PlunderClusterQuery = z.output<typeof plunderClusterQuerySchema>;
export type PlunderClusterPage = ReadyRowPage<PlunderClusterRow>;

const comparators: Record<PlunderClusterSortKey, (a: PlunderClusterRow, b: PlunderClusterRow) => number> = {
  name: (a, b) => compareText(a.name, b.name),
  namespace: (a, b) => compareText(a.namespace, b.namespace),
  ready: compareReady,
  machines: (a, b) => a.machines.total - b.machines.total,
  age: (a, b) => compareText(b.createdAt ?? '', a.createdAt ?? ''),
};

export function queryPlunderClusters(
  rows: PlunderClusterRow[],
  query: PlunderClusterQuery,
): PlunderClusterPage {
  return queryReadyRows(
    rows,
    query,
    (row) => `${row.namespace}/${row.name} ${row.ready.reason} ${row.subnet ?? ''}`,
    comparators,
  );
}
