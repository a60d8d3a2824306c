'use client';

import type { ReactNode } from 'react';
import { DataTable, type Column } from './data-table';
import { errorText } from './errors';
import { FacetBar, type FacetGroup } from './facet-bar';
import { LiveFrame, UpdatedWithActions } from './live-status';
import { Pagination } from './pagination';
import { ErrorBox } from './panel';
import { SearchInput } from './search-input';
import type { Keyed, TableView } from './stable-rows';
import type { ListPage, LiveList } from './use-live-list';

/**
 * The pieces every live list page (clusters, hosts, Ironic, hardware) lays out the same way. They
 * are separate so a page can put its own blocks between them (hardware's provision progress and
 * selection buttons).
 */

/** One function for every render: the table's memoized rows compare it by identity. */
const keyOf = (row: Keyed) => row.key;

/** Title, "N of M <noun>" and how fresh the data is; `actions` (e.g. a "New" link) sit beside it. */
export function ListHeader<S extends string, P extends ListPage<R>, R extends Keyed>({
  list,
  title,
  countTestId,
  noun,
  actions,
}: {
  list: LiveList<S, P, R>;
  title: string;
  countTestId: string;
  noun: string;
  actions?: ReactNode;
}) {
  const page = list.view?.page;
  return (
    <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <span className="text-sm tabular-nums text-slate-400" data-testid={countTestId}>
        {page ? `${page.total} of ${page.totalAll} ${noun}` : ''}
      </span>
      <UpdatedWithActions at={list.table.state.receivedAt} actions={actions} />
    </div>
  );
}

/** Search, then the page's own controls (`children`), then pagination on the right. */
export function ListToolbar<S extends string, P extends ListPage<R>, R extends Keyed>({
  list,
  searchLabel,
  placeholder,
  children,
}: {
  list: LiveList<S, P, R>;
  searchLabel: string;
  placeholder: string;
  children?: ReactNode;
}) {
  const { params, update } = list;
  const page = list.view?.page;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchInput
        label={searchLabel}
        value={params.search}
        placeholder={placeholder}
        onChange={(search) => {
          update({ search }, 'replace');
        }}
      />
      {children}
      {page && (
        <div className="ml-auto">
          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            pageSize={params.pageSize}
            total={page.total}
            onPage={(next) => {
              update({ page: next });
            }}
            onPageSize={(pageSize) => {
              update({ pageSize });
            }}
          />
        </div>
      )}
    </div>
  );
}

/** Says why the table's order is not the server's latest (the pointer holds it; see stable-rows). */
export function OrderHeld<P extends { rows: R[] }, R extends Keyed>({
  view,
  testId,
}: {
  view: TableView<P, R> | undefined;
  testId?: string;
}) {
  if (!view?.reordered) return null;
  return (
    <span
      className="rounded-full bg-amber-500/10 px-2 py-0.5 text-xs text-amber-200 ring-1 ring-amber-500/30"
      data-testid={testId}
    >
      Order held while the pointer is over the table{view.held > 0 ? ` · ${view.held} new` : ''}
    </span>
  );
}

/** Facets, the subscription's error, and the table (or "Loading…" until the first snapshot). */
export function LiveTable<S extends string, P extends ListPage<R>, R extends Keyed>({
  list,
  facets,
  subscription,
  errorTestId,
  loading,
  label,
  testId,
  rowHeight,
  columns,
  empty,
}: {
  list: LiveList<S, P, R>;
  facets: FacetGroup[];
  subscription: { status: string; error: { message: string } | null };
  errorTestId?: string;
  loading: string;
  label: string;
  testId: string;
  rowHeight?: number;
  columns: Column<R>[];
  empty: ReactNode;
}) {
  const { params, update, view } = list;
  return (
    <LiveFrame>
      <FacetBar
        groups={facets}
        onToggle={(name, value) => {
          const selected = params.facets[name] ?? [];
          const values = selected.includes(value)
            ? selected.filter((v) => v !== value)
            : [...selected, value];
          update({ facets: { ...params.facets, [name]: values } });
        }}
        onClear={() => {
          update({ facets: {} });
        }}
      />
      {subscription.status === 'error' && (
        <ErrorBox testId={errorTestId}>{errorText(subscription.error)}</ErrorBox>
      )}
      {view ? (
        <DataTable
          label={label}
          testId={testId}
          rowHeight={rowHeight}
          columns={columns}
          rows={view.rows}
          rowKey={keyOf}
          sort={{ key: params.sort, dir: params.dir }}
          onSort={(key) => {
            const sort = key as S;
            update({ sort, dir: params.sort === sort && params.dir === 'asc' ? 'desc' : 'asc' });
          }}
          onPointerInside={list.table.setPointerInside}
          empty={empty}
        />
      ) : (
        subscription.status !== 'error' && (
          <p className="py-10 text-center text-sm text-slate-400">{loading}</p>
        )
      )}
    </LiveFrame>
  );
}
