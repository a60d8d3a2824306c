'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import type { ManagerRow } from '@/server/api/contrail/manager-view';
import { useTRPC } from '../trpc/trpc';
import { readyListSpec, ReadyListPage, useReadyList } from '../ui/ready-list-page';
import { ContrailTabs } from './contrail-cells';

const SPEC = readyListSpec(['name', 'namespace', 'ready', 'age'] as const);

/** Contrail Managers: each one's data services active and vRouter groups ready, live. */
export function ManagersPage() {
  const trpc = useTRPC();
  const list = useReadyList<(typeof SPEC.sortKeys)[number], ManagerRow>(SPEC);
  const subscription = useSubscription(
    trpc.contrail.managers.list.subscriptionOptions(list.input, { onData: list.onData }),
  );
  return (
    <div className="space-y-3">
      <ContrailTabs />
      <ReadyListPage
        list={list}
        subscription={subscription}
        path="/contrail/managers"
        title="Contrail"
        noun="Managers"
        countTestId="manager-count"
        search={{ label: 'Search Managers', placeholder: 'Namespace/name, reason, message' }}
        loading="Loading Contrail Managers…"
        table={{ label: 'Contrail Managers', testId: 'manager-table' }}
        columns={{
          nameTestId: 'manager-name',
          beforeReady: [
            {
              id: 'services',
              header: 'Services',
              width: '7.5rem',
              align: 'right',
              cell: (row) => (
                <span className="tabular-nums text-slate-300" data-testid="manager-services">
                  {row.dataServices.active}/{row.dataServices.total} active
                </span>
              ),
            },
            {
              id: 'groups',
              header: 'vRouter groups',
              width: '7.5rem',
              align: 'right',
              cell: (row) => (
                <span className="tabular-nums text-slate-300" data-testid="manager-groups">
                  {row.groups.ready}/{row.groups.total} ready
                </span>
              ),
            },
          ],
          afterReady: [
            {
              id: 'not-done',
              header: 'Not done',
              width: 'minmax(8rem,1fr)',
              cell: (row) => {
                // What keeps the Manager short of its spec: services not active, and those short of it though active.
                const items = [
                  ...row.inactive.map((entry) => `${entry} (not active)`),
                  ...row.incomplete.map((entry) => `${entry} (incomplete)`),
                  ...row.notManaged.map((entry) => `${entry} (not managed)`),
                ].join(', ');
                return (
                  <span
                    className="block truncate text-xs text-slate-400"
                    title={items}
                    data-testid="manager-not-done"
                  >
                    {items || '—'}
                  </span>
                );
              },
            },
          ],
        }}
        empty={{ none: 'No Contrail Manager yet.', noMatch: 'No Manager matches the search and filters.' }}
      />
    </div>
  );
}
