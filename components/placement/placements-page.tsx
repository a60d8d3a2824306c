'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import type { PlacementRow, PlacementSortKey } from '@/server/api/placement/placement-row';
import { useTRPC } from '../trpc/trpc';
import type { ReadyColumns } from '../ui/ready-columns';
import { ReadyListPage, readyListSpec, useReadyList } from '../ui/ready-list-page';

const SPEC = readyListSpec<PlacementSortKey>(['name', 'namespace', 'ready', 'age']);

const COLUMNS: ReadyColumns<PlacementRow> = {
  nameTestId: 'placement-name',
  beforeReady: [
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
  ],
  afterReady: [
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
  ],
  menuItems: (row) =>
    row.endpoints.public ? [{ kind: 'copy', label: 'Copy public endpoint', text: row.endpoints.public }] : [],
};

export function PlacementsPage() {
  const trpc = useTRPC();
  const list = useReadyList<PlacementSortKey, PlacementRow>(SPEC);
  const subscription = useSubscription(
    trpc.placement.list.subscriptionOptions(list.input, { onData: list.onData }),
  );
  return (
    <ReadyListPage
      list={list}
      subscription={subscription}
      path="/placement"
      title="Placement (OpenStack Placement API)"
      noun="PlacementAPIs"
      countTestId="placement-count"
      create={{ label: 'New PlacementAPI', testId: 'new-placement' }}
      search={{ label: 'Search PlacementAPIs', placeholder: 'Namespace/name, reason, message, endpoint' }}
      loading="Loading PlacementAPIs…"
      table={{ label: 'PlacementAPIs', testId: 'placement-table' }}
      columns={COLUMNS}
      empty={{ none: 'No PlacementAPI yet.', noMatch: 'No PlacementAPI matches the search and filters.' }}
    />
  );
}
