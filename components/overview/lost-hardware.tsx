'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import type { LostHardwareView } from '@/server/api/inspection/inspection-view';
import type { LiveMessage } from '@/server/types/live-message';
import { ConsoleLink } from '../console-link';
import { changeWords } from '../inspection/change-words';
import { useTRPC } from '../trpc/trpc';
import { Panel } from '../ui/panel';

/**
 * Hosts whose newest inspection found less hardware than the one before (a NIC or disk gone, less
 * memory, fewer CPUs); nothing when there are none. Each links to its host's inspection page.
 */
export function LostHardware() {
  const trpc = useTRPC();
  const [view, setView] = useState<LostHardwareView>();
  useSubscription(
    trpc.inspection.lost.subscriptionOptions(undefined, {
      onData: (message: LiveMessage<LostHardwareView>) => {
        if (message.view) setView(message.view);
      },
    }),
  );
  if (!view || view.count === 0) return null;
  return (
    <Panel title={`Hardware missing after inspection (${view.count})`} testId="lost-hardware">
      <ul className="space-y-1.5 text-sm">
        {view.hosts.map((host) => (
          <li key={`${host.namespace}/${host.name}`} data-testid="lost-hardware-host" data-host={host.name}>
            <ConsoleLink
              className="font-mono text-sky-300 hover:underline"
              href={`/hosts/${encodeURIComponent(host.namespace)}/${encodeURIComponent(host.name)}/inspection`}
            >
              {host.namespace}/{host.name}
            </ConsoleLink>
            <span className="ml-2 text-red-300">{host.changes.map(changeWords).join('; ')}</span>
          </li>
        ))}
      </ul>
      {view.count > view.hosts.length && (
        <p className="mt-2 text-xs text-slate-400">
          The newest {view.hosts.length} of {view.count} are listed.
        </p>
      )}
    </Panel>
  );
}
