import type { z } from 'zod';
import type { NamespaceScope } from '../../access/namespace-scope';
import { objectsInScope } from '../../access/scope-filters';
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

/** The Managers of the caller's namespaces, each with its groups (which live in its namespace). */
export function managerPage(
  runtime: Runtime,
  query: ContrailQuery,
  scope: NamespaceScope,
): ReadyRowPage<ManagerRow> {
  const groups = objectsInScope(scope, vrouters(runtime).list());
  const rows = objectsInScope(scope, managers(runtime).list()).map((manager) =>
    buildManagerRow(manager, managerGroups(manager, groups)),
  );
  return queryReadyRows(
    rows,
    query,
    (row) => `${row.namespace}/${row.name} ${row.ready.reason} ${row.ready.message}`,
    comparators<ManagerRow>(),
  );
}

/** The vRouter groups of the caller's namespaces. */
export function groupPage(
  runtime: Runtime,
  query: ContrailQuery,
  scope: NamespaceScope,
): ReadyRowPage<GroupRow> {
  return queryReadyRows(
    objectsInScope(scope, vrouters(runtime).list()).map(buildGroupRow),
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
