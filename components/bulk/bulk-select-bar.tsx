'use client';

import { useState } from 'react';
import type { HostFilterInput } from '@/server/api/hosts/host-query';
import { BULK_ACTIONS, type BulkAction } from '@/server/schemas/bulk-actions';
import { ConsoleLink } from '../console-link';
import { BulkConfirmDialog } from './bulk-confirm-dialog';
import { BULK_ACTION_LABELS } from './bulk-outcomes';

/**
 * "Select all N matching": the selection is the filter itself, not the names on the page, and its
 * actions run on the server as one job (the confirmation counts the hosts again there).
 */
export function BulkSelectBar({ filter, total }: { filter: HostFilterInput; total: number }) {
  const [selected, setSelected] = useState<string>();
  const [action, setAction] = useState<BulkAction>();
  const key = JSON.stringify(filter);
  // A changed filter is a different selection: it is dropped, never carried over.
  const active = selected === key;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="bulk-select">
      {active ? (
        <>
          <span aria-live="polite" data-testid="bulk-selected">
            All {total} hosts matching the filter are selected.
          </span>
          <label className="sr-only" htmlFor="bulk-action">
            Action on every matching host
          </label>
          <select
            id="bulk-action"
            data-testid="bulk-action"
            value=""
            onChange={(event) => {
              setAction(event.target.value as BulkAction);
            }}
            className="rounded border border-slate-600 bg-slate-900 px-2 py-0.5"
          >
            <option value="">Action…</option>
            {BULK_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {BULK_ACTION_LABELS[value]}
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
          Select all {total} matching
        </button>
      )}
      <ConsoleLink href="/bulk" className="text-slate-400 hover:underline">
        Bulk jobs
      </ConsoleLink>
      {action && (
        <BulkConfirmDialog
          action={action}
          filter={filter}
          onClose={() => {
            setAction(undefined);
          }}
        />
      )}
    </div>
  );
}
