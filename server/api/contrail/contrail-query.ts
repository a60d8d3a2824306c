import type { z } from 'zod';
import type { Runtime } from '../../runtime';
import { compareText } from '../compare-text';
import { compareReady, queryReadyRows, readyRowQuerySchema, type ReadyRowPage } from '../ready-row-query';
import { managers, vrouters } from './contrail-cache';
import { buildGroupRow, type GroupRow } from './group-view';
import { buildManagerRow, managerGroups, type ManagerRow } from './manager-view';

const SORT_KEYS = ['name', 'namespace', 'ready', 'age'] as const;
export const contrailQuerySchema = readyRowQuerySchema(SORT_KEYS);
export type ContrailQueryInput = z.input<typeof contrailQuerySchema>;
export type ContrailQuery = z.output<typeof contrailQuerySchema>;

function comparators<Row extends { name: string; namespace: string; createdAt?: string }>() {
  return {
    name: (a: Row, b: Row) => compareText(a.name, b.name),
    namespace: (a: Row, b: Row) => compareText(a.namespace, b.namespace),
    ready: compareReady,
    age: (a: Row, b: Row) => compareText(b.createdAt ?? '', a.createdAt ?? ''),
  };
}

export function managerPage(runtime: Runtime, query: ContrailQuery): ReadyRowPage<ManagerRow> {
  const groups = vrouters(runtime).list();
  const rows = managers(runtime)
    .list()
    .map((manager) => buildManagerRow(manager, managerGroups(manager, groups)));
  return queryReadyRows(
    rows,
    query,
    (row) => `${row.namespace}/${row.name} ${row.ready.reason} ${row.ready.message}`,
    comparators<ManagerRow>(),
  );
}

export function groupPage(runtime: Runtime, query: ContrailQuery): ReadyRowPage<GroupRow> {
  return queryReadyRows(
    vrouters(runtime).list().map(buildGroupRow),
    query,
    (row) =>
      [
        `${row.namespace}/${row.name}`,
        row.manager ?? '',
        row.profiles.join(' '),
        Object.entries(row.selector)
          .map(([key, value]) => `${key}=${value}`)
          .join(' '),
        row.ready.reason,
        row.ready.message,
        row.conflicts.map((c) => c.node).join(' '),
      ].join(' '),
    comparators<GroupRow>(),
  );
}
