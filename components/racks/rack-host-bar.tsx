'use client';

import { useState } from 'react';
import type { RackHostView } from '@/server/api/racks/rack-view';
import { canAct, useViewer } from '../access/use-viewer';
import { HostActionDialog } from '../hosts/host-action-dialogs';
import { hostRowMenuItems, type OpenDialog } from '../hosts/host-menu-items';
import { RowMenu } from '../ui/row-menu';
import { rackTitle } from './rack-elevation';

export const RACK_MENU_TEST_ID = 'rack-host-actions';

/**
 * The chosen host (the box last focused) and the hosts list's row menu for it: links and copies for
 * everyone, the actions with their confirmations for operators. Shift+F10 or the context-menu key on a
 * box opens it; the actions are the same mutations, so they are audited the same way.
 */
export function RackHostBar({ host, rack }: { host: RackHostView | undefined; rack: string }) {
  const operator = canAct(useViewer(), 'operator');
  const [dialog, setDialog] = useState<OpenDialog>();
  return (
    <div
      className="sticky top-0 z-10 flex min-h-10 items-center gap-3 rounded-md border border-slate-700 bg-slate-900/95 px-3 py-1 text-sm"
      data-testid="rack-host-bar"
    >
      {host ? (
        <>
          <span className="truncate">
            <span className="font-medium">{host.row.name}</span>
            <span className="text-slate-400">
              {' '}
              · {rackTitle(rack)}
              {host.slot === undefined ? ' · unplaced' : ` · U${host.slot}`} · {host.row.status.label}
            </span>
          </span>
          <RowMenu
            trigger="Actions"
            label={`Actions for ${host.row.name}`}
            testId={RACK_MENU_TEST_ID}
            items={hostRowMenuItems(host.row, operator ? setDialog : undefined)}
          />
          <span className="ml-auto hidden text-xs text-slate-400 md:inline">
            Arrows move · Enter opens · Shift+F10 actions
          </span>
        </>
      ) : (
        <span className="text-slate-400">Focus a host to act on it.</span>
      )}
      {dialog && (
        <HostActionDialog
          dialog={dialog}
          onClose={() => {
            setDialog(undefined);
          }}
        />
      )}
    </div>
  );
}
