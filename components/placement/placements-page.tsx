'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import Link from 'next/link';
import type {
  PlacementPage,
  PlacementQueryInput,
  PlacementRow,
  PlacementSortKey,
} from '@/server/api/placement/placement-row';
import { canAct, useViewer } from '../access/use-viewer';
import { ReadyCell } from '../clusters/ready-badge';
import { readyFacet } from '../clusters/ready-facet';
import { useTRPC } from '../trpc/trpc';
import type { Column } from '../ui/data-table';
import { ageText } from '../ui/format';
import { ListHeader, ListToolbar, LiveTable } from '../ui/list-page';
import { RowMenu } from '../ui/row-menu';
import { useLiveList } from '../ui/use-live-list';
import { useNow } from '../ui/use-now';
import type { TableParamSpec } from '../ui/url-state';

const SPEC: TableParamSpec<PlacementSortKey> = {
  sortKeys: ['name', 'namespace', 'ready', 'age'],
  defaultSort: 'name',
  facets: { ready: ['True', 'False', 'Unknown'] },
};

export function placementHref(row: { namespace: string; name: string }): string {
  return `/placement/${encodeURIComponent(row.namespace)}/${encodeURIComponent(row.name)}`;
}

function columns(now: number, onMenu: (open: boolean) => void): Column<PlacementRow>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(8rem,1fr)',
      sortKey: 'name',
      cell: (row) => (
        <Link
          href={placementHref(row)}
          className="block truncate font-medium text-sky-300 hover:underline"
          data-testid="placement-name"
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
      id: 'replicas',
      header: 'Replicas',
      width: '5rem',
      align: 'right',
      cell: (row) => (
        <span className="tabular-nums text-slate-300" data-testid="placement-replicas">
          {row.replicas.ready}/{row.replicas.desired}
        </span>
      ),
    },
    {
      id: 'ready',
      header: 'Ready',
      width: 'minmax(14rem,2fr)',
      sortKey: 'ready',
      cell: (row) => <ReadyCell ready={row.ready} deleting={row.deleting} />,
    },
    {
      id: 'endpoints',
      header: 'Endpoints',
      width: 'minmax(12rem,1.5fr)',
      cell: (row) => (
        <span className="block truncate font-mono text-xs text-slate-300" title={row.endpoints.internal}>
          {row.endpoints.public ?? <span className="font-sans text-slate-400">not exposed yet</span>}
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
            { kind: 'link', label: 'Open details', href: placementHref(row) },
            ...(row.endpoints.public
              ? [{ kind: 'copy' as const, label: 'Copy public endpoint', text: row.endpoints.public }]
              : []),
          ]}
        />
      ),
    },
  ];
}

export function PlacementsPage() {
  const trpc = useTRPC();
  const viewer = useViewer();
  const list = useLiveList<PlacementSortKey, PlacementQueryInput, PlacementPage, PlacementRow>(
    SPEC,
    (params) => ({
      search: params.search,
      ready: params.facets.ready as ('True' | 'False' | 'Unknown')[],
      sort: params.sort,
      dir: params.dir,
      page: params.page,
      pageSize: params.pageSize,
    }),
  );
  const subscription = useSubscription(
    trpc.placement.list.subscriptionOptions(list.input, { onData: list.onData }),
  );
  const now = useNow(5_000);
  const page = list.view?.page;
  return (
    <section className="space-y-3">
      <ListHeader
        list={list}
        title="Placement"
        countTestId="placement-count"
        noun="PlacementAPIs"
        actions={
          canAct(viewer, 'operator') && (
            <Link
              href="/placement/new"
              data-testid="new-placement"
              className="rounded-md bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-600"
            >
              New PlacementAPI
            </Link>
          )
        }
      />
      <ListToolbar
        list={list}
        searchLabel="Search PlacementAPIs"
        placeholder="Namespace/name, reason, message, endpoint"
      />
      <LiveTable
        list={list}
        facets={[readyFacet(page, list.params)]}
        subscription={subscription}
        loading="Loading PlacementAPIs…"
        label="PlacementAPIs"
        testId="placement-table"
        rowHeight={60}
        columns={columns(now, list.table.setMenuOpen)}
        empty={
          page?.totalAll === 0 ? 'No PlacementAPI yet.' : 'No PlacementAPI matches the search and filters.'
        }
      />
    </section>
  );
}
