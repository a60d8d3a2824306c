'use client';

import type { ReactNode } from 'react';
import { HARDWARE_RAID_LEVELS, SOFTWARE_RAID_LEVELS } from '@/server/schemas/raid-rules';
import { buttonClass } from '../ui/plain-table';
import type { HardwareRow, SoftwareRow } from './raid-draft';

const fieldClass =
  'w-full rounded border bg-slate-950 px-2 py-1 font-mono text-xs text-slate-100 focus:border-sky-500 focus:outline-none';

type Problems = Readonly<Record<string, string>>;

/** A problem at this field or inside it (a disk of its list). */
function hasProblem(problems: Problems, path: string): boolean {
  return Object.keys(problems).some((key) => key === path || key.startsWith(`${path}[`));
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs text-slate-400">
      {label}
      {children}
    </label>
  );
}

function TextField({
  label,
  value,
  path,
  problems,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  path: string;
  problems: Problems;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const invalid = hasProblem(problems, path);
  return (
    <Labelled label={label}>
      <input
        className={`${fieldClass} ${invalid ? 'border-red-500' : 'border-slate-700'}`}
        aria-invalid={invalid}
        data-testid={`raid-field-${path}`}
        value={value}
        maxLength={256}
        placeholder={placeholder}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </Labelled>
  );
}

function LevelField({
  value,
  levels,
  path,
  problems,
  onChange,
}: {
  value: string;
  levels: readonly string[];
  path: string;
  problems: Problems;
  onChange: (value: string) => void;
}) {
  const invalid = hasProblem(problems, path);
  return (
    <Labelled label="RAID level">
      <select
        className={`${fieldClass} ${invalid ? 'border-red-500' : 'border-slate-700'}`}
        aria-invalid={invalid}
        data-testid={`raid-field-${path}`}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {!levels.includes(value) && <option value={value}>{value}</option>}
        {levels.map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

function VolumeFrame({
  title,
  onRemove,
  children,
}: {
  title: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="rounded border border-slate-800 p-3" data-testid="raid-volume">
      <legend className="px-1 text-xs font-semibold text-slate-300">{title}</legend>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">{children}</div>
      <button type="button" className={`${buttonClass} mt-3`} onClick={onRemove}>
        Remove {title.toLowerCase()}
      </button>
    </fieldset>
  );
}

/** The level and size every volume has, hardware or software. */
function LevelAndSize<R extends { level: string; size: string }>({
  at,
  levels,
  row,
  problems,
  set,
}: {
  at: string;
  levels: readonly string[];
  row: R;
  problems: Problems;
  set: (patch: Partial<R>) => void;
}) {
  return (
    <>
      <LevelField
        value={row.level}
        levels={levels}
        path={`${at}.level`}
        problems={problems}
        onChange={(level) => {
          set({ level } as Partial<R>);
        }}
      />
      <TextField
        label="Size (GiB; empty: whole disks)"
        value={row.size}
        path={`${at}.sizeGibibytes`}
        problems={problems}
        onChange={(size) => {
          set({ size } as Partial<R>);
        }}
      />
    </>
  );
}

export function HardwareVolumeFields({
  index,
  row,
  problems,
  onChange,
  onRemove,
}: {
  index: number;
  row: HardwareRow;
  problems: Problems;
  onChange: (row: HardwareRow) => void;
  onRemove: () => void;
}) {
  const at = `hardwareRAIDVolumes[${index}]`;
  const set = (patch: Partial<HardwareRow>) => {
    onChange({ ...row, ...patch });
  };
  return (
    <VolumeFrame title={`Volume ${index + 1}`} onRemove={onRemove}>
      <LevelAndSize at={at} levels={HARDWARE_RAID_LEVELS} row={row} problems={problems} set={set} />
      <TextField
        label="Name (optional)"
        value={row.name}
        path={`${at}.name`}
        problems={problems}
        onChange={(name) => {
          set({ name });
        }}
      />
      <Labelled label="Disk type">
        <select
          className={`${fieldClass} border-slate-700`}
          data-testid={`raid-field-${at}.rotational`}
          value={row.rotational}
          onChange={(event) => {
            set({ rotational: event.target.value as HardwareRow['rotational'] });
          }}
        >
          <option value="">any</option>
          <option value="true">rotational (HDD)</option>
          <option value="false">solid-state</option>
        </select>
      </Labelled>
      <TextField
        label="Number of disks (empty: level's minimum)"
        value={row.count}
        path={`${at}.numberOfPhysicalDisks`}
        problems={problems}
        onChange={(count) => {
          set({ count });
        }}
      />
      <TextField
        label="Controller"
        value={row.controller}
        path={`${at}.controller`}
        problems={problems}
        placeholder="e.g. RAID.Integrated.1-1"
        onChange={(controller) => {
          set({ controller });
        }}
      />
      <TextField
        label="Physical disks (comma-separated)"
        value={row.disks}
        path={`${at}.physicalDisks`}
        problems={problems}
        onChange={(disks) => {
          set({ disks });
        }}
      />
    </VolumeFrame>
  );
}

export function SoftwareVolumeFields({
  index,
  row,
  problems,
  onChange,
  onRemove,
}: {
  index: number;
  row: SoftwareRow;
  problems: Problems;
  onChange: (row: SoftwareRow) => void;
  onRemove: () => void;
}) {
  const at = `softwareRAIDVolumes[${index}]`;
  const set = (patch: Partial<SoftwareRow>) => {
    onChange({ ...row, ...patch });
  };
  return (
    <VolumeFrame title={`Volume ${index + 1}`} onRemove={onRemove}>
      <LevelAndSize at={at} levels={SOFTWARE_RAID_LEVELS} row={row} problems={problems} set={set} />
      <label className="flex items-center gap-2 text-xs text-slate-300">
        <input
          type="checkbox"
          data-testid={`raid-field-${at}.rootVolume`}
          checked={row.root}
          onChange={(event) => {
            set({ root: event.target.checked });
          }}
        />
        Root volume (the image is written here)
      </label>
      <div className="col-span-2 space-y-2 md:col-span-4">
        <p className="text-xs text-slate-400">
          Disks, one device hint each (none: the agent picks; else at least 2), e.g. deviceName=/dev/sda
        </p>
        {row.disks.map((disk, diskIndex) => (
          <div key={diskIndex} className="flex items-end gap-2">
            <TextField
              label={`Disk ${diskIndex + 1}`}
              value={disk}
              path={`${at}.physicalDisks[${diskIndex}]`}
              problems={problems}
              onChange={(text) => {
                set({ disks: row.disks.map((other, i) => (i === diskIndex ? text : other)) });
              }}
            />
            <button
              type="button"
              className={buttonClass}
              onClick={() => {
                set({ disks: row.disks.filter((_, i) => i !== diskIndex) });
              }}
            >
              Remove disk {diskIndex + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className={buttonClass}
          data-testid={`raid-add-disk-${index}`}
          onClick={() => {
            set({ disks: [...row.disks, ''] });
          }}
        >
          Add a disk
        </button>
      </div>
    </VolumeFrame>
  );
}
