'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import Link from 'next/link';
import type { IronicPage, IronicQueryInput, IronicSortKey } from '@/server/api/ironic/ironic-query';
import type { IronicRow } from '@/server/api/ironic/ironic-row';
import { canAct, useViewer } from '../access/use-viewer';
import { ReadyCell } from '../clusters/ready-badge';
import { useTRPC } from '../trpc/trpc';
import type { Column } from '../ui/data-table';
import { ListHeader, ListToolbar, LiveTable } from '../ui/list-page';
import { ageText } from '../ui/format';
import { RowMenu } from '../ui/row-menu';
import { Chip } from '../ui/tone';
import { useLiveList } from '../ui/use-live-list';
import { useNow } from '../ui/use-now';
import type { TableParamSpec } from '../ui/url-state';
import { readyFacet } from '../clusters/ready-facet';

const SPEC: TableParamSpec<IronicSortKey> = {
  sortKeys: ['name', 'namespace', 'ready', 'database', 'age'],
  defaultSort: 'name',
  facets: { ready: ['True', 'False', 'Unknown'] },
};

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
          {row.dhcpRange ?? <span className="font-sans text-slate-400">no DHCP</span>}
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
  const list = useLiveList<IronicSortKey, IronicQueryInput, IronicPage, IronicRow>(SPEC, (params) => ({
    search: params.search,
    ready: params.facets.ready as ('True' | 'False' | 'Unknown')[],
    sort: params.sort,
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
  }));
  const subscription = useSubscription(
    trpc.ironic.list.subscriptionOptions(list.input, { onData: list.onData }),
  );
  const now = useNow(5_000);
  const page = list.view?.page;
  const operator = canAct(viewer, 'operator');

  return (
    <section className="space-y-3">
      <ListHeader
        list={list}
        title="Ironic"
        countTestId="ironic-count"
        noun="Ironics"
        actions={
          operator && (
            <Link
              href="/ironic/new"
              data-testid="new-ironic"
              className="rounded-md bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-600"
            >
              New Ironic
            </Link>
          )
        }
      />
      <ListToolbar
        list={list}
        searchLabel="Search Ironics"
        placeholder="Namespace/name, reason, endpoint, database"
      />
      <LiveTable
        list={list}
        facets={[readyFacet(page, list.params)]}
        subscription={subscription}
        loading="Loading Ironics…"
        label="Ironic deployments"
        testId="ironic-table"
        rowHeight={60}
        columns={columns(now, list.table.setMenuOpen)}
        empty={page?.totalAll === 0 ? 'No Ironic yet.' : 'No Ironic matches the search and filters.'}
      />
    </section>
  );
}
