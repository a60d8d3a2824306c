'use client';

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
        <>
          {form.hardware.length === 0 && (
            <p className="text-sm text-slate-400">
              No volumes: writing this deletes the hardware RAID volumes.
            </p>
          )}
          {form.hardware.map((row, index) => (
            <HardwareVolumeFields
              key={index}
              index={index}
              row={row}
              problems={problems}
              onChange={(next) => {
                onChange({
                  ...form,
                  hardware: form.hardware.map((other, i) => (i === index ? next : other)),
                });
              }}
              onRemove={() => {
                onChange({ ...form, hardware: form.hardware.filter((_, i) => i !== index) });
              }}
            />
          ))}
          <button
            type="button"
            className={buttonClass}
            data-testid="raid-add-volume"
            onClick={() => {
              onChange({ ...form, hardware: [...form.hardware, NEW_HARDWARE_ROW] });
            }}
          >
            Add a hardware volume
          </button>
        </>
      )}
      {form.kind === 'software' && (
        <>
          {form.software.length === 0 && (
            <p className="text-sm text-slate-400">No volumes: writing this removes software RAID.</p>
          )}
          {form.software.map((row, index) => (
            <SoftwareVolumeFields
              key={index}
              index={index}
              row={row}
              problems={problems}
              onChange={(next) => {
                onChange({
                  ...form,
                  software: form.software.map((other, i) => (i === index ? next : other)),
                });
              }}
              onRemove={() => {
                onChange({ ...form, software: form.software.filter((_, i) => i !== index) });
              }}
            />
          ))}
          <button
            type="button"
            className={buttonClass}
            data-testid="raid-add-volume"
            onClick={() => {
              onChange({ ...form, software: [...form.software, NEW_SOFTWARE_ROW] });
            }}
          >
            Add a software volume
          </button>
        </>
      )}
    </div>
  );
}
