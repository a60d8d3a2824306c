'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { WipeWait } from '@/server/schemas/wipe-power-cycle';
import { RequireRole } from '../access/require-role';
import { ConsoleLink } from '../console-link';
import { useTRPC } from '../trpc/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { errorText } from '../ui/errors';
import { buttonClass } from '../ui/modal-dialog';
import { Panel } from '../ui/panel';

/** A released machine waiting to be wiped: what for, through which BMC, and "Power-cycle now". */
export function WipeWaitPanel({ mac, wipe }: { mac: string; wipe: WipeWait }) {
  const trpc = useTRPC();
  const cycle = useMutation(trpc.hardware.powerCycle.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  const host = wipe.bmcHost;
  const refused = cycle.data?.status === 'rejected' ? cycle.data.message : undefined;
  return (
    <Panel title="Waiting to be wiped" testId="wipe-wait">
      <p className="text-sm text-slate-200">The machine is released: {wipe.waitingFor}.</p>
      {host ? (
        <p className="mt-2 text-sm text-slate-300">
          It is power-cycled through the BMC of BareMetalHost{' '}
          <ConsoleLink
            className="font-mono text-sky-300 hover:underline"
            href={`/hosts/${encodeURIComponent(host.namespace)}/${encodeURIComponent(host.name)}`}
          >
            {host.namespace}/{host.name}
          </ConsoleLink>
          {wipe.powerCyclePending ? ': a power cycle is requested, waiting for the host’s operator.' : '.'}
        </p>
      ) : (
        <p className="mt-2 text-sm text-amber-300">
          No BareMetalHost with this boot MAC has a BMC: restart the machine by hand.
        </p>
      )}
      {host && (
        <RequireRole role="operator">
          <button
            type="button"
            className={`${buttonClass.primary} mt-3`}
            disabled={cycle.isPending || wipe.powerCyclePending}
            onClick={() => setConfirming(true)}
          >
            Power-cycle now
          </button>
        </RequireRole>
      )}
      {(refused ?? cycle.error) && (
        <p className="mt-2 text-sm text-red-300" role="alert">
          {refused ?? errorText(cycle.error)}
        </p>
      )}
      {confirming && host && (
        <ConfirmDialog
          title={`Power-cycle ${mac}?`}
          actionLabel="Power-cycle"
          danger={false}
          busy={cycle.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            cycle.mutate({ mac }, { onSettled: () => setConfirming(false) });
          }}
        >
          <p>
            This asks the host’s operator to power-cycle BareMetalHost {host.namespace}/{host.name} through
            its BMC, so that the machine boots into the wiper.
          </p>
        </ConfirmDialog>
      )}
    </Panel>
  );
}
