'use client';

import { ConsoleLink } from '../console-link';
import type { ReactNode } from 'react';
import type { ReadyRowPage } from '@/server/api/ready-row-query';
import { RequireRole } from '../access/require-role';
import { ListHeader, ListToolbar, LiveTable } from './list-page';
import { readyColumns, type ReadyColumns, type ReadyObjectRow } from './ready-columns';
import { readyFacet } from './ready-facet';
import { useLiveList, type LiveList } from './use-live-list';
import { useNow } from './use-now';
import type { TableParamSpec } from './url-state';

const READY_VALUES = ['True', 'False', 'Unknown'] as const;

/** The URL state of a ready-object list: its sort keys (the first is the default) and the Ready facet. */
export function readyListSpec<S extends string>(sortKeys: readonly [S, ...S[]]): TableParamSpec<S> {
  return { sortKeys, defaultSort: sortKeys[0], facets: { ready: READY_VALUES } };
}

/** The subscription input of every ready-object list (the server's readyRowQuerySchema). */
export interface ReadyListInput<S extends string> {
  search: string;
  ready: (typeof READY_VALUES)[number][];
  sort: S;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: 50 | 100 | 250;
}

export type ReadyList<S extends string, R extends ReadyObjectRow> = LiveList<S, ReadyRowPage<R>, R> & {
  input: ReadyListInput<S>;
};

/**
 * A ready-object list's state from the URL. The page subscribes with it (the procedure is the
 * kind's): `useSubscription(trpc.<kind>.list.subscriptionOptions(list.input, { onData: list.onData }))`.
 * `spec` must be a module constant (readyListSpec), as the URL parse is memoised on it.
 */
export function useReadyList<S extends string, R extends ReadyObjectRow>(
  spec: TableParamSpec<S>,
): ReadyList<S, R> {
  return useLiveList<S, ReadyListInput<S>, ReadyRowPage<R>, R>(spec, (params) => ({
    search: params.search,
    ready: params.facets.ready as ReadyListInput<S>['ready'],
    sort: params.sort,
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
  }));
}

/**
 * The list page of a kind whose objects carry a Ready condition (SIPClusters, Ironics,
 * PlacementAPIs…): header with count and freshness, a "New" link for operators, search, Ready facet,
 * the live table, and its loading, empty and error states.
 */
export function ReadyListPage<S extends string, R extends ReadyObjectRow>({
  list,
  subscription,
  path,
  title,
  noun,
  countTestId,
  create,
  search,
  toolbar,
  loading,
  table,
  columns,
  empty,
}: {
  /** From useReadyList. */
  list: ReadyList<S, R>;
  /** The list subscription's state (useSubscription's result). */
  subscription: { status: string; error: { message: string } | null };
  /** The section's path ("/placement"): rows link to `${path}/<namespace>/<name>`, "New" to `${path}/new`. */
  path: string;
  /** The page heading ("Placement"). */
  title: string;
  /** The plural in "3 of 5 PlacementAPIs". */
  noun: string;
  /** data-testid of that count. */
  countTestId: string;
  /** The "New …" link shown to operators; omitted, the page has none. */
  create?: { label: string; testId: string };
  /** The search box's accessible label and placeholder. */
  search: { label: string; placeholder: string };
  /** Extra controls between search and pagination (e.g. OrderHeld). */
  toolbar?: ReactNode;
  /** Shown until the first snapshot ("Loading PlacementAPIs…"). */
  loading: string;
  /** The table's accessible label, data-testid and row height in pixels (default 60). */
  table: { label: string; testId: string; rowHeight?: number };
  /** The kind's columns around the shared ones. */
  columns: ReadyColumns<R>;
  /** `none`: nothing exists yet; `noMatch`: the search or facets hide everything. */
  empty: { none: ReactNode; noMatch: ReactNode };
}) {
  const now = useNow(5_000);
  const page = list.view?.page;
  return (
    <section className="space-y-3">
      <ListHeader
        list={list}
        title={title}
        countTestId={countTestId}
        noun={noun}
        actions={
          create && (
            <RequireRole role="operator">
              <ConsoleLink
                href={`${path}/new`}
                data-testid={create.testId}
                className="rounded-md bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-600"
              >
                {create.label}
              </ConsoleLink>
            </RequireRole>
          )
        }
      />
      <ListToolbar list={list} searchLabel={search.label} placeholder={search.placeholder}>
        {toolbar}
      </ListToolbar>
      <LiveTable
        list={list}
        facets={[readyFacet(page, list.params)]}
        subscription={subscription}
        loading={loading}
        label={table.label}
        testId={table.testId}
        rowHeight={table.rowHeight ?? 60}
        columns={readyColumns(path, columns, now, list.table.setMenuOpen)}
        empty={page?.totalAll === 0 ? empty.none : empty.noMatch}
      />
    </section>
  );
}
