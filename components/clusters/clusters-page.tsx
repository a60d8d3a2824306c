'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import Link from 'next/link';
import { RequireRole } from '../access/require-role';
import type {
  ClusterPage,
  ClusterQueryInput,
  ClusterSortKey,
} from '@/server/api/tenant-clusters/cluster-query';
import type { ClusterRow } from '@/server/api/tenant-clusters/cluster-row';
import { useTRPC } from '../trpc/trpc';
import { DataTable, type Column } from '../ui/data-table';
import { errorText } from '../ui/errors';
import { FacetBar } from '../ui/facet-bar';
import { ageText } from '../ui/format';
import { LiveFrame, UpdatedAgo } from '../ui/live-status';
import { Pagination } from '../ui/pagination';
import { ErrorBox } from '../ui/panel';
import { RowMenu } from '../ui/row-menu';
import { SearchInput } from '../ui/search-input';
import { useNow } from '../ui/use-now';
import { useStableTable } from '../ui/use-stable-table';
import { useTableParams } from '../ui/use-table-params';
import type { TableParamSpec } from '../ui/url-state';
import { Endpoints, ReadyCell, RoleCounts } from './ready-badge';

const SPEC: TableParamSpec<ClusterSortKey> = {
  sortKeys: ['name', 'namespace', 'ready', 'hosts', 'age'],
  defaultSort: 'name',
  facets: { ready: ['True', 'False', 'Unknown'] },
};

const READY_LABELS: Record<string, string> = { True: 'Ready', False: 'Not ready', Unknown: 'Pending' };

export function clusterHref(row: { namespace: string; name: string }): string {
  return `/clusters/${encodeURIComponent(row.namespace)}/${encodeURIComponent(row.name)}`;
}

function columns(now: number, onMenu: (open: boolean) => void): Column<ClusterRow>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(9rem,1.1fr)',
      sortKey: 'name',
      cell: (row) => (
        <Link
          href={clusterHref(row)}
          className="block truncate font-medium text-sky-300 hover:underline"
          data-testid="cluster-name"
        >
          {row.name}
        </Link>
      ),
    },
    {
      id: 'namespace',
      header: 'Namespace',
      width: 'minmax(6rem,0.7fr)',
      sortKey: 'namespace',
      cell: (row) => <span className="block truncate text-slate-300">{row.namespace}</span>,
    },
    {
      id: 'ready',
      header: 'Ready',
      width: 'minmax(16rem,2.4fr)',
      sortKey: 'ready',
      cell: (row) => <ReadyCell ready={row.ready} deleting={row.deleting} />,
    },
    {
      id: 'hosts',
      header: 'Hosts found/wanted',
      width: 'minmax(11rem,1fr)',
      sortKey: 'hosts',
      cell: (row) => <RoleCounts roles={row.roles} />,
    },
    {
      id: 'endpoints',
      header: 'Endpoints (nodePorts)',
      width: 'minmax(10rem,1fr)',
      cell: (row) => <Endpoints endpoints={row.endpoints} />,
    },
    {
      id: 'age',
      header: 'Age',
      width: '3.5rem',
      sortKey: 'age',
      align: 'right',
      cell: (row) => <span className="tabular-nums text-slate-300">{ageText(row.createdAt, now)}</span>,
    },
    {
      id: 'menu',
      header: <span className="sr-only">Actions</span>,
      width: '2.25rem',
      cell: (row) => (
        <RowMenu
          label={`Actions for ${row.name}`}
          onOpenChange={onMenu}
          items={[
            { kind: 'link', label: 'Open details', href: clusterHref(row) },
            {
              kind: 'link',
              label: 'Show its hosts',
              href: `/hosts?q=${encodeURIComponent(`${row.namespace}/${row.name}`)}`,
            },
            { kind: 'copy', label: 'Copy name', text: row.name },
          ]}
        />
      ),
    },
  ];
}

export function ClustersPage() {
  const trpc = useTRPC();
  const { params, update } = useTableParams(SPEC);
  const input: ClusterQueryInput = {
    search: params.search,
    ready: params.facets.ready as ('True' | 'False' | 'Unknown')[],
    sort: params.sort,
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
  };
  const queryKey = JSON.stringify(input);
  const table = useStableTable<ClusterPage, ClusterRow>();
  const subscription = useSubscription(
    trpc.tenantClusters.list.subscriptionOptions(input, {
      onData: (message) => {
        table.receive(message, queryKey);
      },
    }),
  );
  const now = useNow(5_000);
  const view = table.state.view;
  const page = view?.page;

  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-semibold">Tenant clusters</h1>
        <span className="text-sm tabular-nums text-slate-400" data-testid="cluster-count">
          {page ? `${page.total} of ${page.totalAll} SIPClusters` : ''}
        </span>
        <span className="ml-auto flex items-center gap-4">
          <UpdatedAgo at={table.state.receivedAt} />
          <RequireRole role="operator">
            <Link
              href="/clusters/new"
              data-testid="new-cluster"
              className="rounded-md bg-sky-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-500"
            >
              New cluster
            </Link>
          </RequireRole>
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          label="Search clusters"
          value={params.search}
          placeholder="Namespace/name or Ready reason"
          onChange={(search) => {
            update({ search }, 'replace');
          }}
        />
        {view?.reordered && (
          <span className="rounded-full bg-amber-500/10 px-2 py-0.5 text-xs text-amber-200 ring-1 ring-amber-500/30">
            Order held while the pointer is over the table{view.held > 0 ? ` · ${view.held} new` : ''}
          </span>
        )}
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
      <LiveFrame>
        <FacetBar
          groups={[
            {
              name: 'ready',
              title: 'Ready',
              selected: params.facets.ready ?? [],
              options: (page?.facets.ready ?? []).map((option) => ({
                ...option,
                label: READY_LABELS[option.value],
              })),
            },
          ]}
          onToggle={(name, value) => {
            const selected = params.facets[name] ?? [];
            update({
              facets: {
                ...params.facets,
                [name]: selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value],
              },
            });
          }}
          onClear={() => {
            update({ facets: {} });
          }}
        />
        {subscription.status === 'error' && <ErrorBox>{errorText(subscription.error)}</ErrorBox>}
        {view ? (
          <DataTable
            label="Tenant clusters"
            testId="clusters-table"
            rowHeight={60}
            columns={columns(now, table.setMenuOpen)}
            rows={view.rows}
            rowKey={(row) => row.key}
            sort={{ key: params.sort, dir: params.dir }}
            onSort={(key) => {
              const sort = key as ClusterSortKey;
              update({ sort, dir: params.sort === sort && params.dir === 'asc' ? 'desc' : 'asc' });
            }}
            onPointerInside={table.setPointerInside}
            empty={
              page?.totalAll === 0 ? (
                <span>
                  No SIPClusters yet.
                  <RequireRole role="operator">
                    {' '}
                    <Link href="/clusters/new" className="text-sky-300 hover:underline">
                      Create one
                    </Link>
                    .
                  </RequireRole>
                </span>
              ) : (
                'No cluster matches the search and filters.'
              )
            }
          />
        ) : (
          subscription.status !== 'error' && (
            <p className="py-10 text-center text-sm text-slate-500">Loading clusters…</p>
          )
        )}
      </LiveFrame>
    </section>
  );
}
