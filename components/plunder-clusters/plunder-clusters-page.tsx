'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import type { PlunderClusterSortKey } from '@/server/api/plunder-clusters/plunder-cluster-query';
import type { PlunderClusterRow } from '@/server/api/plunder-clusters/plunder-cluster-row';
import { ConsoleLink } from '../console-link';
import { useTRPC } from '../trpc/trpc';
import type { ReadyColumns } from '../ui/ready-columns';
import { ReadyListPage, readyListSpec, useReadyList } from '../ui/ready-list-page';

const SPEC = readyListSpec<PlunderClusterSortKey>(['name', 'namespace', 'ready', 'machines', 'age']);

const COLUMNS: ReadyColumns<PlunderClusterRow> = {
  nameTestId: 'plunder-cluster-name',
  afterReady: [
    {
      id: 'machines',
      header: 'Machines',
      width: 'minmax(7rem,0.8fr)',
      sortKey: 'machines',
      cell: (row) => (
        <span className="tabular-nums" data-testid="plunder-cluster-machines">
          {row.machines.total}
          <span className="text-xs text-slate-400"> · {row.machines.provisioned} provisioned</span>
        </span>
      ),
    },
    {
      id: 'subnet',
      header: 'Subnet',
      width: 'minmax(8rem,1fr)',
      cellClassName: 'truncate font-mono text-xs text-slate-300',
      cell: (row) => row.subnet ?? '—',
    },
    {
      id: 'addresses',
      header: 'Free addresses',
      width: 'minmax(6rem,0.7fr)',
      cellClassName: 'tabular-nums text-slate-300',
      cell: (row) => row.addresses.free ?? '—',
    },
  ],
};

/** The Plunder clusters click-to-provision creates (PlunderCluster, its PlunderMachines), live. */
export function PlunderClustersPage() {
  const trpc = useTRPC();
  const list = useReadyList<PlunderClusterSortKey, PlunderClusterRow>(SPEC);
  const subscription = useSubscription(
    trpc.plunderClusters.list.subscriptionOptions(list.input, { onData: list.onData }),
  );
  return (
    <ReadyListPage
      list={list}
      subscription={subscription}
      path="/plunder-clusters"
      title="Plunder clusters"
      noun="Plunder clusters"
      countTestId="plunder-cluster-count"
      search={{ label: 'Search Plunder clusters', placeholder: 'Namespace/name, reason, subnet' }}
      loading="Loading Plunder clusters…"
      table={{ label: 'Plunder clusters', testId: 'plunder-clusters-table' }}
      columns={COLUMNS}
      empty={{
        none: (
          <>
            No Plunder cluster yet. Provision machines from{' '}
            <ConsoleLink href="/hardware" className="underline">
              Unleased
            </ConsoleLink>{' '}
            to create one.
          </>
        ),
        noMatch: 'No Plunder cluster matches the search and filters.',
      }}
    />
  );
}
