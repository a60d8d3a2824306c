import type { z } from 'zod';
import { compareReady, queryReadyRows, readyRowQuerySchema, type ReadyRowPage } from '../ready-row-query';
import { compareText } from '../../lib/natural-order';
import type { IronicRow } from './ironic-row';

export const IRONIC_SORT_KEYS = ['name', 'namespace', 'ready', 'database', 'age'] as const;
export type IronicSortKey = (typeof IRONIC_SORT_KEYS)[number];

export const ironicQuerySchema = readyRowQuerySchema(IRONIC_SORT_KEYS);
export type IronicQuery = z.output<typeof ironicQuerySchema>;
export type IronicQueryInput = z.input<typeof ironicQuerySchema>;
export type IronicPage = ReadyRowPage<IronicRow>;

const comparators: Record<IronicSortKey, (a: IronicRow, b: IronicRow) => number> = {
  name: (a, b) => compareText(a.name, b.name),
  namespace: (a, b) => compareText(a.namespace, b.namespace),
  ready: compareReady,
  database: (a, b) => compareText(a.database?.name ?? '', b.database?.name ?? ''),
  age: (a, b) => compareText(b.createdAt ?? '', a.createdAt ?? ''),
};

export function queryIronics(rows: IronicRow[], query: IronicQuery): IronicPage {
  return queryReadyRows(
    rows,
    query,
    (row) =>
      `${row.namespace}/${row.name} ${row.ready.reason} ${row.endpoint} ${row.database?.name ?? 'sqlite'} ${row.dhcpRange ?? ''}`,
    comparators,
  );
}
