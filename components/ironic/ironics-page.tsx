'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import Link from 'next/link';
import type { IronicPage, IronicQueryInput, IronicSortKey } from '@/server/api/ironic/ironic-query';
import type { IronicRow } from '@/server/api/ironic/ironic-row';
import { canAct, useViewer } from '../access/use-viewer';
import { ReadyCell } from '../clusters/ready-badge';
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
import { Chip } from '../ui/tone';
import { useNow } from '../ui/use-now';
import { useStableTable } from '../ui/use-stable-table';
import { useTableParams } from '../ui/use-table-params';
import type { TableParamSpec } from '../ui/url-state';

const SPEC: TableParamSpec<IronicSortKey> = {
  sortKeys: ['name', 'namespace', 'ready', 'database', 'age'],
  defaultSort: 'name',
  facets: { ready: ['True', 'False', 'Unknown'] },
};

const READY_LABELS: Record<string, string> = { True: 'Ready', False: 'Not ready', Unknown: 'Pending' };

export function ironicHref(row: { namespace: string; name: string }): string {
  return `/ironic/${encodeURIComponent(row.namespace)}/${encodeURIComponent(row.name)}`;
}

export function DatabaseCell({ database }: { database: IronicRow['database'] }) {
  if (!database) {
    return (
      <span title="State is lost when the pod restarts">
        <Chip tone="warning">SQLite</Chip>
      </span>
    );
  }
  return (
    <span className="flex items-center gap-1.5" title={database.ready.message}>
      <span className="truncate font-mono text-xs">{database.name}</span>
      <Chip tone={database.ready.status === 'True' ? 'ok' : 'progress'}>
        {database.ready.status === 'True' ? 'ready' : 'not ready'}
      </Chip>
    </span>
  );
}

function columns(now: number, onMenu: (open: boolean) => void): Column<IronicRow>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(8rem,1fr)',
      sortKey: 'name',
      cell: (row) => (
        <Link
          href={ironicHref(row)}
          className="block truncate font-medium text-sky-300 hover:underline"
          data-testid="ironic-name"
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
      width: 'minmax(14rem,2fr)',
      sortKey: 'ready',
      cell: (row) => <ReadyCell ready={row.ready} deleting={row.deleting} />,
    },
    {
      id: 'endpoint',
      header: 'Endpoint',
      width: 'minmax(10rem,1.2fr)',
      cell: (row) => <span className="block truncate font-mono text-xs text-slate-300">{row.endpoint}</span>,
    },
    {
      id: 'database',
      header: 'Database',
      width: 'minmax(8rem,1fr)',
      sortKey: 'database',
      cell: (row) => <DatabaseCell database={row.database} />,
    },
    {
      id: 'dhcp',
      header: 'DHCP range',
      width: 'minmax(9rem,1fr)',
      cell: (row) => (
        <span className="block truncate font-mono text-xs text-slate-300" data-testid="dhcp-range">
          {row.dhcpRange ?? <span className="font-sans text-slate-500">no DHCP</span>}
        </span>
      ),
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
            { kind: 'link', label: 'Open details', href: ironicHref(row) },
            { kind: 'copy', label: 'Copy endpoint', text: row.endpoint },
          ]}
        />
      ),
    },
  ];
}

export function IronicsPage() {
  const trpc = useTRPC();
  const viewer = useViewer();
  const { params, update } = useTableParams(SPEC);
  const input: IronicQueryInput = {
    search: params.search,
    ready: params.facets.ready as ('True' | 'False' | 'Unknown')[],
    sort: params.sort,
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
  };
  const queryKey = JSON.stringify(input);
  const table = useStableTable<IronicPage, IronicRow>();
  const subscription = useSubscription(
    trpc.ironic.list.subscriptionOptions(input, {
      onData: (message) => {
        table.receive(message, queryKey);
      },
    }),
  );
  const now = useNow(5_000);
  const view = table.state.view;
  const page = view?.page;
  const operator = canAct(viewer, 'operator');

  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-semibold">Ironic</h1>
        <span className="text-sm tabular-nums text-slate-400" data-testid="ironic-count">
          {page ? `${page.total} of ${page.totalAll} Ironics` : ''}
        </span>
        <span className="ml-auto flex items-center gap-4">
          <UpdatedAgo at={table.state.receivedAt} />
          {operator && (
            <Link
              href="/ironic/new"
              data-testid="new-ironic"
              className="rounded-md bg-sky-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-500"
            >
              New Ironic
            </Link>
          )}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          label="Search Ironics"
          value={params.search}
          placeholder="Namespace/name, reason, endpoint, database"
          onChange={(search) => {
            update({ search }, 'replace');
          }}
        />
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
            label="Ironic deployments"
            testId="ironic-table"
            rowHeight={60}
            columns={columns(now, table.setMenuOpen)}
            rows={view.rows}
            rowKey={(row) => row.key}
            sort={{ key: params.sort, dir: params.dir }}
            onSort={(key) => {
              const sort = key as IronicSortKey;
              update({ sort, dir: params.sort === sort && params.dir === 'asc' ? 'desc' : 'asc' });
            }}
            onPointerInside={table.setPointerInside}
            empty={page?.totalAll === 0 ? 'No Ironic yet.' : 'No Ironic matches the search and filters.'}
          />
        ) : (
          subscription.status !== 'error' && (
            <p className="py-10 text-center text-sm text-slate-500">Loading Ironics…</p>
          )
        )}
      </LiveFrame>
    </section>
  );
}
