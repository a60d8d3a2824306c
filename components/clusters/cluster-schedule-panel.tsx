'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import type { ClusterScheduleMessage } from '@/server/api/clusters/schedule.handler';
import { useTRPC } from '../trpc/trpc';
import { Panel } from '../ui/panel';
import { useLiveObject } from '../ui/use-stable-table';
import { ScheduleExplained } from './schedule-explained';

/**
 * An existing cluster's schedule host by host, live. Opened by itself while the cluster is
 * Unschedulable and kept open after, so the operator sees the hosts move to "would take"; any other
 * cluster opens it on request (each open panel costs the server a walk over the fleet per change).
 */
export function ClusterSchedulePanel({
  namespace,
  name,
  unschedulable,
}: {
  namespace: string;
  name: string;
  unschedulable: boolean;
}) {
  const [requested, setRequested] = useState(false);
  const [opened, setOpened] = useState(false);
  if (unschedulable && !opened) setOpened(true);
  const shown = opened || requested;
  return (
    <Panel
      title="Scheduling"
      testId="schedule-panel"
      actions={
        !shown && (
          <button
            type="button"
            className="text-xs text-sky-300 hover:underline"
            data-testid="explain-schedule"
            onClick={() => {
              setRequested(true);
            }}
          >
            Explain host choice
          </button>
        )
      }
    >
      {shown ? (
        <LiveSchedule namespace={namespace} name={name} />
      ) : (
        <p className="text-sm text-slate-400">
          Which hosts each role takes, and why the others are left out.
        </p>
      )}
    </Panel>
  );
}

function LiveSchedule({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const live = useLiveObject<ClusterScheduleMessage>();
  const subscription = useSubscription(
    trpc.clusters.schedule.subscriptionOptions({ namespace, name, search }, { onData: live.receive }),
  );
  const message = live.view;
  return (
    <>
      {subscription.error && <p className="text-sm text-red-300">{subscription.error.message}</p>}
      {message === undefined && <p className="text-sm text-slate-400">Checking hosts…</p>}
      <ScheduleExplained
        roles={message?.found ? message.roles : undefined}
        search={search}
        onSearch={setSearch}
      />
      <p className="mt-2 text-xs text-slate-400">
        The controller&apos;s own rules, updated as hosts change. Secrets are not read here: a host whose
        network data or BMC Secret is unusable shows as fitting, and the Ready condition names it.
      </p>
    </>
  );
}
