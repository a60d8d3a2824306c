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
import type { Column } from '../ui/data-table';
import { ListHeader, ListToolbar, LiveTable, OrderHeld } from '../ui/list-page';
import { ageText } from '../ui/format';
import { RowMenu } from '../ui/row-menu';
import { useLiveList } from '../ui/use-live-list';
import { useNow } from '../ui/use-now';
import type { TableParamSpec } from '../ui/url-state';
import { readyFacet } from './ready-facet';
import { Endpoints, ReadyCell, RoleCounts } from './ready-badge';

const SPEC: TableParamSpec<ClusterSortKey> = {
  sortKeys: ['name', 'namespace', 'ready', 'hosts', 'age'],
  defaultSort: 'name',
  facets: { ready: ['True', 'False', 'Unknown'] },
};

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
  const list = useLiveList<ClusterSortKey, ClusterQueryInput, ClusterPage, ClusterRow>(SPEC, (params) => ({
    search: params.search,
    ready: params.facets.ready as ('True' | 'False' | 'Unknown')[],
    sort: params.sort,
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
  }));
  const subscription = useSubscription(
    trpc.tenantClusters.list.subscriptionOptions(list.input, { onData: list.onData }),
  );
  const now = useNow(5_000);
  const page = list.view?.page;

  return (
    <section className="space-y-3">
      <ListHeader
        list={list}
        title="Tenant clusters"
        countTestId="cluster-count"
        noun="SIPClusters"
        actions={
          <RequireRole role="operator">
            <Link
              href="/clusters/new"
              data-testid="new-cluster"
              className="rounded-md bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-600"
            >
              New cluster
            </Link>
          </RequireRole>
        }
      />
      <ListToolbar list={list} searchLabel="Search clusters" placeholder="Namespace/name or Ready reason">
        <OrderHeld view={list.view} />
      </ListToolbar>
      <LiveTable
        list={list}
        facets={[readyFacet(page, list.params)]}
        subscription={subscription}
        loading="Loading clusters…"
        label="Tenant clusters"
        testId="clusters-table"
        rowHeight={60}
        columns={columns(now, list.table.setMenuOpen)}
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
    </section>
  );
}
