import type { z } from 'zod';
import {
  compareReady,
  queryReadyRows,
  READY_VALUES,
  readyRowQuerySchema,
  type ReadyRowPage,
} from '../ready-row-query';
import { compareText } from '../compare-text';
import type { ClusterRow } from './cluster-row';

export { READY_VALUES };

export const CLUSTER_SORT_KEYS = ['name', 'namespace', 'ready', 'hosts', 'age'] as const;
export type ClusterSortKey = (typeof CLUSTER_SORT_KEYS)[number];

export const clusterQuerySchema = readyRowQuerySchema(CLUSTER_SORT_KEYS);
export type ClusterQuery = z.output<typeof clusterQuerySchema>;
export type ClusterQueryInput = z.input<typeof clusterQuerySchema>;

export type ClusterPage = ReadyRowPage<ClusterRow>;

const comparators: Record<ClusterSortKey, (a: ClusterRow, b: ClusterRow) => number> = {
  name: (a, b) => compareText(a.name, b.name),
  namespace: (a, b) => compareText(a.namespace, b.namespace),
  ready: compareReady,
  hosts: (a, b) => a.wanted - b.wanted || a.found - b.found,
  age: (a, b) => compareText(b.createdAt ?? '', a.createdAt ?? ''),
};

export function queryClusters(rows: ClusterRow[], query: ClusterQuery): ClusterPage {
  return queryReadyRows(
    rows,
    query,
    (row) => `${row.namespace}/${row.name} ${row.ready.reason}`,
    comparators,
  );
}
