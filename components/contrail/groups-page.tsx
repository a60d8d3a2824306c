'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import type { GroupRow } from '@/server/api/contrail/group-view';
import { useTRPC } from '../trpc/trpc';
import { readyListSpec, ReadyListPage, useReadyList } from '../ui/ready-list-page';
import { AgentCounts, ConflictText, ContrailTabs, SelectorText } from './contrail-cells';

const SPEC = readyListSpec(['name', 'namespace', 'ready', 'age'] as const);

/** vRouter groups: profiles, selector, agents ready and rolling, conflicts by node, live. */
export function GroupsPage() {
  const trpc = useTRPC();
  const list = useReadyList<(typeof SPEC.sortKeys)[number], GroupRow>(SPEC);
  const subscription = useSubscription(
    trpc.contrail.groups.list.subscriptionOptions(list.input, { onData: list.onData }),
  );
  return (
    <div className="space-y-3">
      <ContrailTabs />
      <ReadyListPage
        list={list}
        subscription={subscription}
        path="/contrail/groups"
        title="vRouter groups"
        noun="groups"
        countTestId="group-count"
        create={{ label: 'New vRouter group', testId: 'new-group' }}
        search={{ label: 'Search vRouter groups', placeholder: 'Name, Manager, profile, label, node' }}
        loading="Loading vRouter groups…"
        table={{ label: 'vRouter groups', testId: 'group-table', rowHeight: 64 }}
        columns={{
          nameTestId: 'group-name',
          beforeReady: [
            {
              id: 'manager',
              header: 'Manager',
              width: 'minmax(5rem,0.6fr)',
              cellClassName: 'truncate text-slate-300',
              cell: (row) => row.manager ?? '—',
            },
            {
              id: 'profiles',
              header: 'Profiles',
              width: 'minmax(7rem,1fr)',
              cell: (row) => (
                <span
                  className="block truncate font-mono text-xs text-slate-300"
                  title={row.profiles.join(', ')}
                >
                  {row.profiles.join(', ') || '—'}
                </span>
              ),
            },
            {
              id: 'selector',
              header: 'Node selector',
              width: 'minmax(9rem,1.3fr)',
              cell: (row) => <SelectorText selector={row.selector} />,
            },
            {
              id: 'agents',
              header: 'Agents',
              width: '7rem',
              cell: (row) => <AgentCounts row={row} />,
            },
          ],
          afterReady: [
            {
              id: 'conflicts',
              header: 'Conflicts',
              width: 'minmax(7rem,1fr)',
              cell: (row) => <ConflictText conflicts={row.conflicts} />,
            },
          ],
        }}
        empty={{
          none: 'No vRouter group yet.',
          noMatch: 'No vRouter group matches the search and filters.',
        }}
      />
    </div>
  );
}
