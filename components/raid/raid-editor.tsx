'use client';

import { Fragment, type ReactNode } from 'react';
import type { RaidConfig } from '@/server/schemas/raid-rules';
import { buttonClass } from '../ui/plain-table';
import { formOf, NEW_HARDWARE_ROW, NEW_SOFTWARE_ROW, type RaidForm, type RaidKind } from './raid-draft';
import { HardwareVolumeFields, SoftwareVolumeFields } from './raid-volume-fields';

const KINDS: { kind: RaidKind; label: string }[] = [
  { kind: 'none', label: 'No spec.raid (keep hardware volumes, remove software RAID)' },
  { kind: 'hardware', label: 'Hardware RAID (the BMC’s controller)' },
  { kind: 'software', label: 'Software RAID (made by the agent, Linux md)' },
];

/**
 * The layout as a form: its kind, then its volumes. `form` undefined: not edited yet, showing `wanted`.
 * Every problem is listed above the volumes and marks its field.
 */
export function RaidEditor({
  form: edited,
  wanted,
  problems,
  onChange,
}: {
  form: RaidForm | undefined;
  wanted: RaidConfig | undefined;
  problems: Readonly<Record<string, string>>;
  onChange: (form: RaidForm) => void;
}) {
  const form = edited ?? formOf(wanted);
  const messages = [...new Set(Object.values(problems))];
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-1 text-xs text-slate-400">Kind of layout</legend>
        <div className="flex flex-wrap gap-4">
          {KINDS.map(({ kind, label }) => (
            <label key={kind} className="flex items-center gap-2 text-sm text-slate-200">
              <input
                type="radio"
                name="raid-kind"
                value={kind}
                data-testid={`raid-kind-${kind}`}
                checked={form.kind === kind}
                onChange={() => {
                  onChange({ ...form, kind });
                }}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {messages.length > 0 && (
        <ul
          className="space-y-1 rounded border border-red-800/60 bg-red-950/40 p-2 text-xs text-red-200"
          role="alert"
        >
          {messages.map((message) => (
            <li key={message} data-testid="raid-problem">
              {message}
            </li>
          ))}
        </ul>
      )}
      {form.kind === 'hardware' && (
        <VolumeList
          rows={form.hardware}
          empty="No volumes: writing this deletes the hardware RAID volumes."
          newRow={NEW_HARDWARE_ROW}
          addLabel="Add a hardware volume"
          onRows={(hardware) => {
            onChange({ ...form, hardware });
          }}
          fields={(props) => <HardwareVolumeFields {...props} problems={problems} />}
        />
      )}
      {form.kind === 'software' && (
        <VolumeList
          rows={form.software}
          empty="No volumes: writing this removes software RAID."
          newRow={NEW_SOFTWARE_ROW}
          addLabel="Add a software volume"
          onRows={(software) => {
            onChange({ ...form, software });
          }}
          fields={(props) => <SoftwareVolumeFields {...props} problems={problems} />}
        />
      )}
    </div>
  );
}

interface VolumeProps<R> {
  index: number;
  row: R;
  onChange: (row: R) => void;
  onRemove: () => void;
}

/** A layout's volumes, each edited by `fields`, with a button to add one. */
function VolumeList<R>({
  rows,
  empty,
  newRow,
  addLabel,
  onRows,
  fields,
}: {
  rows: readonly R[];
  empty: string;
  newRow: R;
  addLabel: string;
  onRows: (rows: R[]) => void;
  fields: (props: VolumeProps<R>) => ReactNode;
}) {
  return (
    <>
      {rows.length === 0 && <p className="text-sm text-slate-400">{empty}</p>}
      {rows.map((row, index) => (
        <Fragment key={index}>
          {fields({
            index,
            row,
            onChange: (next) => {
              onRows(rows.map((other, i) => (i === index ? next : other)));
            },
            onRemove: () => {
              onRows(rows.filter((_, i) => i !== index));
            },
          })}
        </Fragment>
      ))}
      <button
        type="button"
        className={buttonClass}
        data-testid="raid-add-volume"
        onClick={() => {
          onRows([...rows, newRow]);
        }}
      >
        {addLabel}
      </button>
    </>
  );
}
