'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  deleteNeedsTypedName,
  HOST_ACTION_EFFECTS,
  HOST_ACTION_LABELS,
  powerOffWarns,
  type HostAction,
} from '@/server/schemas/host-actions';
import { useTRPC } from '../trpc/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { errorText } from '../ui/errors';
import { buttonClass, ModalDialog } from '../ui/modal-dialog';
import { LabelsDialog } from './host-labels-dialog';
import type { HostTarget, OpenDialog } from './host-menu-items';
import { useRefreshHostEvents } from './use-refresh-host-events';

interface Outcome {
  host: string;
  error?: string;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Runs one action on each host (one audited call per host) and reports per host. */
function ActionDialog({
  action,
  hosts,
  onClose,
}: {
  action: HostAction;
  hosts: HostTarget[];
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refreshEvents = useRefreshHostEvents();
  const act = useMutation(
    trpc.hosts.act.mutationOptions({ onSuccess: (_answer, input) => refreshEvents(input) }),
  );
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[]>();
  const label = HOST_ACTION_LABELS[action];
  const names = hosts.map((host) => host.name);
  const title = `${label} ${hosts.length === 1 ? names[0] : plural(hosts.length, 'host')}?`;
  const warned = action === 'power-off' ? hosts.filter((host) => powerOffWarns(host.state)) : [];
  if (outcomes) {
    const refused = outcomes.filter((outcome) => outcome.error);
    return (
      <ModalDialog
        title={`${label}: ${outcomes.length - refused.length} done, ${refused.length} refused`}
        onClose={onClose}
        testId="action-result"
      >
        {refused.length > 0 ? (
          <ul className="space-y-1 text-sm text-red-300" role="alert">
            {refused.map((outcome) => (
              <li key={outcome.host}>
                <span className="font-mono">{outcome.host}</span>: {outcome.error}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-300">
            Requested. The page shows the request as pending until the host’s operator reports the new state.
          </p>
        )}
        <div className="flex justify-end">
          <button type="button" data-autofocus className={buttonClass.secondary} onClick={onClose}>
            Close
          </button>
        </div>
      </ModalDialog>
    );
  }
  return (
    <ConfirmDialog
      title={title}
      actionLabel={label}
      danger={action === 'power-off' || action === 'restart' || action === 'detach'}
      busy={busy}
      onCancel={onClose}
      onConfirm={() => {
        setBusy(true);
        void Promise.all(
          hosts.map((host) =>
            act.mutateAsync({ namespace: host.namespace, name: host.name, action }).then(
              (): Outcome => ({ host: host.name }),
              (error: unknown): Outcome => ({ host: host.name, error: errorText(error as Error) }),
            ),
          ),
        ).then((results) => {
          setBusy(false);
          // A single host that went through needs no report: the page shows it pending.
          if (results.length === 1 && !results[0]?.error) onClose();
          else setOutcomes(results);
        });
      }}
    >
      <p>This will {HOST_ACTION_EFFECTS[action]}.</p>
      <ul className="max-h-40 overflow-auto font-mono text-xs text-slate-200" data-testid="action-hosts">
        {hosts.map((host) => (
          <li key={`${host.namespace}/${host.name}`}>
            {host.namespace}/{host.name}
          </li>
        ))}
      </ul>
      {warned.length > 0 && (
        <p
          className="rounded border border-amber-700 bg-amber-950/50 p-2 text-amber-200"
          data-testid="action-warning"
        >
          {warned.map((host) => host.name).join(', ')} {warned.length === 1 ? 'is' : 'are'} provisioned or in
          a tenant cluster: powering off stops what runs there.
        </p>
      )}
    </ConfirmDialog>
  );
}

function DeleteDialog({ host, onClose }: { host: HostTarget; onClose: () => void }) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.hosts.delete.mutationOptions());
  const typed = deleteNeedsTypedName(host.state);
  return (
    <ConfirmDialog
      title={`Delete ${host.name}?`}
      actionLabel="Delete host"
      confirmText={typed ? host.name : undefined}
      busy={remove.isPending}
      error={remove.error ? errorText(remove.error) : undefined}
      onCancel={onClose}
      onConfirm={() => {
        remove.mutate(
          { namespace: host.namespace, name: host.name, confirmName: typed ? host.name : undefined },
          { onSuccess: onClose },
        );
      }}
    >
      <p>
        This deletes the BareMetalHost {host.namespace}/{host.name}. The host’s operator deprovisions it first
        if it is provisioned{host.state.claimed ? '; it is claimed by a tenant cluster' : ''}.
      </p>
    </ConfirmDialog>
  );
}

export function HostActionDialog({ dialog, onClose }: { dialog: OpenDialog; onClose: () => void }) {
  switch (dialog.kind) {
    case 'action':
      return <ActionDialog action={dialog.action} hosts={dialog.hosts} onClose={onClose} />;
    case 'labels':
      return <LabelsDialog host={dialog.host} onClose={onClose} />;
    case 'delete':
      return <DeleteDialog host={dialog.host} onClose={onClose} />;
  }
}
