'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { labelKeyProblem, labelValueProblem } from '@/server/schemas/label-rules';
import {
  positionKeys,
  positionOf,
  positionProblems,
  type PositionField,
} from '@/server/schemas/rack-position';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { buttonClass, ModalDialog } from '../ui/modal-dialog';
import type { HostTarget } from './host-menu-items';
import { RackPositionFields } from './rack-position-fields';
import { useRackSettings } from './rack-settings-context';
import { useRefreshHostEvents } from './use-refresh-host-events';

interface Row {
  id: number;
  key: string;
  value: string;
}

const input =
  'w-full rounded border border-slate-700 bg-slate-950 px-2 py-1 font-mono text-sm aria-[invalid=true]:border-red-400';

/**
 * Edits a host's labels as key/value rows, checked as Kubernetes checks them; written against the version
 * the labels were read at. The host page passes the labels it shows; from the hosts list they are read
 * when the dialog opens.
 */
export function LabelsDialog({ host, onClose }: { host: HostTarget; onClose: () => void }) {
  const trpc = useTRPC();
  const refreshEvents = useRefreshHostEvents();
  const save = useMutation(
    trpc.hosts.setLabels.mutationOptions({ onSuccess: (_answer, input) => refreshEvents(input) }),
  );
  // Read once per opening: a later read would move the version under the operator's edit.
  const read = useQuery(
    trpc.hosts.labels.queryOptions(
      { namespace: host.namespace, name: host.name },
      { enabled: !host.labels, staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false },
    ),
  );
  const known = host.labels ? { labels: host.labels, resourceVersion: host.resourceVersion } : read.data;
  return (
    <ModalDialog
      title={`Labels of ${host.name}`}
      busy={save.isPending}
      onClose={onClose}
      testId="labels-dialog"
    >
      {known ? (
        <LabelsForm
          initial={known.labels}
          saving={save.isPending}
          error={save.error ? errorText(save.error) : undefined}
          onCancel={onClose}
          onSave={(labels) => {
            save.mutate(
              {
                namespace: host.namespace,
                name: host.name,
                resourceVersion: known.resourceVersion,
                labels,
              },
              { onSuccess: onClose },
            );
          }}
        />
      ) : (
        <>
          {read.error || read.data === null ? (
            <p role="alert" className="text-sm text-red-300">
              {read.error
                ? errorText(read.error)
                : `BareMetalHost ${host.namespace}/${host.name} does not exist any more`}
            </p>
          ) : (
            <p className="text-sm text-slate-300">Reading the labels…</p>
          )}
          <div className="flex justify-end">
            <button type="button" data-autofocus onClick={onClose} className={buttonClass.secondary}>
              Cancel
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

function LabelsForm({
  initial,
  saving,
  error,
  onCancel,
  onSave,
}: {
  initial: Record<string, string>;
  saving: boolean;
  error?: string;
  onCancel: () => void;
  onSave: (labels: Record<string, string>) => void;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    Object.entries(initial).map(([key, value], id) => ({ id, key, value })),
  );
  const [nextId, setNextId] = useState(rows.length);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Read from the list, the form replaces the "Reading" text and its button: focus stays in the dialog.
    if (document.activeElement === document.body)
      form.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, []);
  const problems = rows.map((row) => ({
    key:
      labelKeyProblem(row.key) ??
      (rows.some((other) => other.id < row.id && other.key === row.key)
        ? 'This key is already listed'
        : undefined),
    value: labelValueProblem(row.value),
  }));
  const settings = useRackSettings();
  const labels = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const keys = positionKeys(labels, settings);
  const position = positionOf(labels, settings);
  const valid =
    problems.every((problem) => !problem.key && !problem.value) &&
    Object.keys(positionProblems(position, settings.units)).length === 0;
  const update = (id: number, change: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));
  };
  /** A position field edits the row of its label: added when missing, removed when emptied. */
  const setPosition = (field: PositionField, value: string) => {
    const key = keys[field];
    if (value === '') setRows((current) => current.filter((row) => row.key !== key));
    else if (rows.some((row) => row.key === key)) {
      setRows((current) => current.map((row) => (row.key === key ? { ...row, value } : row)));
    } else {
      setRows((current) => [...current, { id: nextId, key, value }]);
      setNextId(nextId + 1);
    }
  };
  return (
    <form
      ref={form}
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onSave(Object.fromEntries(rows.map((row) => [row.key, row.value])));
      }}
    >
      <RackPositionFields position={position} keys={keys} units={settings.units} onChange={setPosition} />
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-300">
            <th className="pb-1 font-medium">Key</th>
            <th className="pb-1 font-medium">Value</th>
            <th className="pb-1">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.id} className="align-top">
              <td className="pr-2 pb-2">
                <input
                  aria-label={`Key of label ${index + 1}`}
                  aria-invalid={Boolean(problems[index]?.key)}
                  className={input}
                  value={row.key}
                  onChange={(event) => {
                    update(row.id, { key: event.target.value });
                  }}
                />
                {problems[index]?.key && <p className="mt-0.5 text-xs text-red-300">{problems[index].key}</p>}
              </td>
              <td className="pr-2 pb-2">
                <input
                  aria-label={`Value of label ${index + 1}`}
                  aria-invalid={Boolean(problems[index]?.value)}
                  className={input}
                  value={row.value}
                  onChange={(event) => {
                    update(row.id, { value: event.target.value });
                  }}
                />
                {problems[index]?.value && (
                  <p className="mt-0.5 text-xs text-red-300">{problems[index].value}</p>
                )}
              </td>
              <td className="pb-2">
                <button
                  type="button"
                  aria-label={`Remove label ${row.key || index + 1}`}
                  className="rounded px-2 py-1 text-slate-300 hover:bg-slate-800"
                  onClick={() => {
                    setRows((current) => current.filter((other) => other.id !== row.id));
                  }}
                >
                  ✕
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className={buttonClass.secondary}
        onClick={() => {
          setRows((current) => [...current, { id: nextId, key: '', value: '' }]);
          setNextId(nextId + 1);
        }}
      >
        Add label
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} disabled={saving} className={buttonClass.secondary}>
          Cancel
        </button>
        <button type="submit" disabled={!valid || saving} className={buttonClass.primary}>
          {saving ? 'Saving…' : 'Save labels'}
        </button>
      </div>
    </form>
  );
}
