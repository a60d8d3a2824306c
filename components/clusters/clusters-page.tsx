'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import { ConsoleLink } from '../console-link';
import { RequireRole } from '../access/require-role';
import type { ClusterSortKey } from '@/server/api/clusters/cluster-query';
import type { ClusterRow } from '@/server/api/clusters/cluster-row';
import { useTRPC } from '../trpc/trpc';
import { OrderHeld } from '../ui/list-page';
import type { ReadyColumns } from '../ui/ready-columns';
import { ReadyListPage, readyListSpec, useReadyList } from '../ui/ready-list-page';
import { Endpoints, RoleCounts } from './cluster-cells';

const SPEC = readyListSpec<ClusterSortKey>(['name', 'namespace', 'ready', 'hosts', 'age']);

const COLUMNS: ReadyColumns<ClusterRow> = {
  nameTestId: 'cluster-name',
  widths: { name: 'minmax(9rem,1.1fr)', ready: 'minmax(16rem,2.4fr)' },
  afterReady: [
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
  ],
  menuItems: (row) => [
    {
      kind: 'link',
      label: 'Show its hosts',
      href: `/hosts?q=${encodeURIComponent(`${row.namespace}/${row.name}`)}`,
    },
    { kind: 'copy', label: 'Copy name', text: row.name },
  ],
};

export function ClustersPage() {
  const trpc = useTRPC();
  const list = useReadyList<ClusterSortKey, ClusterRow>(SPEC);
  const subscription = useSubscription(
    trpc.clusters.list.subscriptionOptions(list.input, { onData: list.onData }),
  );
  return (
    <ReadyListPage
      list={list}
      subscription={subscription}
      path="/clusters"
      title="Tenant clusters"
      noun="SIPClusters"
      countTestId="cluster-count"
      create={{ label: 'New cluster', testId: 'new-cluster' }}
      search={{ label: 'Search clusters', placeholder: 'Namespace/name or Ready reason' }}
      toolbar={<OrderHeld view={list.view} />}
      loading="Loading clusters…"
      table={{ label: 'Tenant clusters', testId: 'clusters-table' }}
      columns={COLUMNS}
      empty={{
        none: (
          <span>
            No SIPClusters yet.
            <RequireRole role="operator">
              {' '}
              <ConsoleLink href="/clusters/new" className="text-sky-300 hover:underline">
                Create one
              </ConsoleLink>
              .
            </RequireRole>
          </span>
        ),
        noMatch: 'No cluster matches the search and filters.',
      }}
    />
  );
}
