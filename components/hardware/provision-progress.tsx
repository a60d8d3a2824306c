'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import type { HardwarePage } from '@/server/schemas/hardware-list';
import type { ProvisionedMachine } from '@/server/schemas/provision-form';
import type { LiveMessage } from '@/server/types/live-message';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { useNow } from '../ui/use-now';
import { HardwareStateCell } from './hardware-state';
import { SeenCell } from './seen-cell';
import { useMachineActions } from './use-machine-actions';

/** One provisioned machine's live row: its MAC looked up by itself, so it is found on any page. */
function ProgressRow({ machine, canAct }: { machine: ProvisionedMachine; canAct: boolean }) {
  const trpc = useTRPC();
  const [page, setPage] = useState<HardwarePage>();
  const subscription = useSubscription(
    trpc.hardware.list.subscriptionOptions(
      { search: machine.mac, pageSize: 50 },
      {
        onData: (message: LiveMessage<HardwarePage>) => {
          if (message.view) setPage(message.view);
        },
      },
    ),
  );
  const actions = useMachineActions();
  const [retryMessage, setRetryMessage] = useState<string>();
  const now = useNow(1_000);
  const row = page?.rows.find((candidate) => candidate.mac === machine.mac);
  return (
    <li
      className="grid grid-cols-[minmax(8rem,1fr)_10rem_7rem_minmax(10rem,1.4fr)_auto] items-center gap-3 px-3 py-2 text-sm"
      data-testid="progress-row"
      data-mac={machine.mac}
      data-state={row?.state}
    >
      <span className="truncate font-medium" title={`${machine.namespace}/${machine.name}`}>
        {machine.name}
      </span>
      <span className="font-mono text-[13px]">{machine.mac}</span>
      <span className="font-mono text-[13px] text-slate-300">{machine.ip}</span>
      <div className="min-w-0">
        {row ? (
          <>
            <HardwareStateCell row={row} />
            {row.failureMessage && (
              <p className="mt-0.5 text-xs text-slate-400" data-testid="failure-message">
                {row.failureMessage}
              </p>
            )}
            <p className="text-xs text-slate-400">
              last boot request <SeenCell at={row.lastSeen} now={now} />
            </p>
          </>
        ) : (
          <span className="text-xs text-slate-400">
            {subscription.status === 'error' ? errorText(subscription.error) : 'waiting for the machine…'}
          </span>
        )}
        {(retryMessage ?? actions.retryError) && (
          <p role="alert" className="text-xs text-red-300">
            {retryMessage ?? actions.retryError}
          </p>
        )}
      </div>
      <div className="w-16 text-right">
        {canAct && row?.state === 'failed' && (
          <button
            type="button"
            disabled={actions.retrying !== undefined}
            onClick={() => {
              setRetryMessage(undefined);
              // A thrown error is shown through actions.retryError.
              void actions.retry({ namespace: machine.namespace, name: machine.name }).then(
                (outcome) => {
                  if (outcome.status === 'rejected') setRetryMessage(outcome.message);
                },
                () => undefined,
              );
            }}
            className="rounded border border-sky-700 px-2 py-0.5 text-xs text-sky-200 hover:bg-sky-900/40 disabled:opacity-50"
          >
            Retry
          </button>
        )}
      </div>
    </li>
  );
}

/** Live progress of the machines a provision call created, until dismissed. */
export function ProvisionProgress({
  machines,
  canAct,
  onDismiss,
}: {
  machines: ProvisionedMachine[];
  canAct: boolean;
  onDismiss: () => void;
}) {
  return (
    <section
      aria-labelledby="progress-title"
      data-testid="provision-progress"
      className="rounded-lg border border-sky-900/60 bg-sky-950/20"
    >
      <header className="flex items-center justify-between border-b border-sky-900/60 px-3 py-2">
        <h2 id="progress-title" className="text-xs font-semibold uppercase tracking-wide text-sky-200">
          Provisioning {machines.length === 1 ? '1 machine' : `${machines.length} machines`}
        </h2>
        <button type="button" onClick={onDismiss} className="text-xs text-slate-400 hover:text-white">
          Dismiss
        </button>
      </header>
      <ul className="divide-y divide-slate-800/70">
        {machines.map((machine) => (
          <ProgressRow key={`${machine.namespace}/${machine.name}`} machine={machine} canAct={canAct} />
        ))}
      </ul>
    </section>
  );
}
