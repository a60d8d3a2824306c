'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import type { IronicSortKey } from '@/server/api/ironic/ironic-query';
import type { IronicRow } from '@/server/api/ironic/ironic-row';
import { useTRPC } from '../trpc/trpc';
import type { ReadyColumns } from '../ui/ready-columns';
import { ReadyListPage, readyListSpec, useReadyList } from '../ui/ready-list-page';
import { DatabaseCell } from './database-cell';
import { IronicDatabases } from './ironic-databases';

const SPEC = readyListSpec<IronicSortKey>(['name', 'namespace', 'ready', 'database', 'age']);

const COLUMNS: ReadyColumns<IronicRow> = {
  nameTestId: 'ironic-name',
  afterReady: [
    {
      id: 'endpoint',
      header: 'Endpoint',
      width: 'minmax(10rem,1.2fr)',
      cellClassName: 'truncate font-mono text-xs text-slate-300',
      cell: (row) => row.endpoint,
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
  ],
  menuItems: (row) => [{ kind: 'copy', label: 'Copy endpoint', text: row.endpoint }],
};

export function IronicsPage() {
  const trpc = useTRPC();
  const list = useReadyList<IronicSortKey, IronicRow>(SPEC);
  const subscription = useSubscription(
    trpc.ironic.list.subscriptionOptions(list.input, { onData: list.onData }),
  );
  return (
    <div className="space-y-6">
      <ReadyListPage
        list={list}
        subscription={subscription}
        path="/ironic"
        title="Ironic"
        noun="Ironics"
        countTestId="ironic-count"
        create={{ label: 'New Ironic', testId: 'new-ironic' }}
        search={{ label: 'Search Ironics', placeholder: 'Namespace/name, reason, endpoint, database' }}
        loading="Loading Ironics…"
        table={{ label: 'Ironic deployments', testId: 'ironic-table' }}
        columns={COLUMNS}
        empty={{ none: 'No Ironic yet.', noMatch: 'No Ironic matches the search and filters.' }}
      />
      <IronicDatabases />
    </div>
  );
}
