'use client';

import { useState } from 'react';
import { canAct, useViewer } from '../access/use-viewer';
import { HostActionDialog } from '../hosts/host-action-dialogs';
import { hostRowMenuItems, type OpenDialog } from '../hosts/host-menu-items';
import { RowMenu } from '../ui/row-menu';
import { rackTitle } from './rack-elevation';
import type { BoxPlace } from './rack-store';
import { useHostRow } from './use-host-row';
import { useRackBox } from './use-rack-box';

export const RACK_MENU_TEST_ID = 'rack-host-actions';

/**
 * The chosen host (the box last focused) and the hosts list's row menu for it: links and copies for
 * everyone, the actions with their confirmations for operators. Shift+F10 or the context-menu key on a
 * box opens it; the actions are the same mutations, so they are audited the same way. The menu is
 * built from the host's row, asked for when the host is chosen.
 */
export function RackHostBar({ place, rack }: { place: BoxPlace | undefined; rack: string }) {
  const operator = canAct(useViewer(), 'operator');
  const [dialog, setDialog] = useState<OpenDialog>();
  const host = useRackBox(place?.key);
  const row = useHostRow(host);
  return (
    <div
      className="sticky top-0 z-10 flex min-h-10 items-center gap-3 rounded-md border border-slate-700 bg-slate-900/95 px-3 py-1 text-sm"
      data-testid="rack-host-bar"
    >
      {host && place ? (
        <>
          <span className="truncate">
            <span className="font-medium">{host.name}</span>
            <span className="text-slate-400">
              {' '}
              · {rackTitle(rack)}
              {place.slot === undefined ? ' · unplaced' : ` · U${place.slot}`} · {host.label}
            </span>
          </span>
          {row ? (
            <RowMenu
              trigger="Actions"
              label={`Actions for ${host.name}`}
              testId={RACK_MENU_TEST_ID}
              items={hostRowMenuItems(row, operator ? setDialog : undefined)}
            />
          ) : (
            <span className="text-xs text-slate-400">Loading actions…</span>
          )}
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
