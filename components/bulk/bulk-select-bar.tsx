'use client';

import { useState } from 'react';
import type { HostFilterInput } from '@/server/api/hosts/host-query';
import {
  BULK_ACTIONS,
  FIRMWARE_BULK_ACTIONS,
  HARDWARE_BULK_ACTIONS,
  type JobAction,
} from '@/server/schemas/bulk-actions';
import { ConsoleLink } from '../console-link';
import { BulkConfirmDialog } from './bulk-confirm-dialog';
import { JOB_ACTION_LABELS, nounOf } from './bulk-outcomes';
import type { BulkSelection } from './bulk-selection';

const ACTIONS: Record<BulkSelection['kind'], readonly JobAction[]> = {
  hosts: BULK_ACTIONS,
  hardware: HARDWARE_BULK_ACTIONS,
  firmware: FIRMWARE_BULK_ACTIONS,
};

/**
 * "Select all N matching": the selection is the filter itself, not the names on the page, and its
 * actions run on the server as one job (the confirmation counts the targets again there). `total` is
 * what the list counts for the filter: on the unleased list, its unleased machines.
 */
export function SelectAllBar({ selection, total }: { selection: BulkSelection; total: number }) {
  const [selected, setSelected] = useState<string>();
  const [action, setAction] = useState<JobAction>();
  const key = JSON.stringify(selection);
  // A changed filter is a different selection: it is dropped, never carried over.
  const active = selected === key;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="bulk-select">
      {active ? (
        <>
          <span aria-live="polite" data-testid="bulk-selected">
            All {total} {nounOf(selection.kind, total)} matching the filter are selected.
          </span>
          <label className="sr-only" htmlFor="bulk-action">
            Action on every matching {nounOf(selection.kind, 1)}
          </label>
          <select
            id="bulk-action"
            data-testid="bulk-action"
            value=""
            onChange={(event) => {
              setAction(event.target.value as JobAction);
            }}
            className="rounded border border-slate-600 bg-slate-900 px-2 py-0.5"
          >
            <option value="">Action…</option>
            {ACTIONS[selection.kind].map((value) => (
              <option key={value} value={value}>
                {JOB_ACTION_LABELS[value]}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="text-slate-300 hover:underline"
            onClick={() => {
              setSelected(undefined);
            }}
          >
            Clear
          </button>
        </>
      ) : (
        <button
          type="button"
          data-testid="bulk-select-all"
          disabled={total === 0}
          onClick={() => {
            setSelected(key);
          }}
          className="rounded border border-slate-600 px-2 py-0.5 hover:bg-slate-800 disabled:opacity-40"
        >
          Select all {total} {selection.kind === 'hardware' ? 'unleased ' : ''}matching
        </button>
      )}
      <ConsoleLink href="/bulk" className="text-slate-400 hover:underline">
        Bulk jobs
      </ConsoleLink>
      {action && (
        <BulkConfirmDialog
          action={action}
          selection={selection}
          onClose={() => {
            setAction(undefined);
          }}
        />
      )}
    </div>
  );
}

/** The hosts list's and the rack view's bar: their filter is the hosts list's. */
export function BulkSelectBar({ filter, total }: { filter: HostFilterInput; total: number }) {
  return <SelectAllBar selection={{ kind: 'hosts', filter }} total={total} />;
}
