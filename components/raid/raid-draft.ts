/**
 * The RAID form's draft: the layout as the form holds it (text as typed), the spec.raid it stands for,
 * what it changes (the diff the edit forms show) and what BMO's rules (raid-rules.ts, the ones the
 * server checks again before it writes) say against it, by field. Pure.
 */
import { fieldChanges, type FieldChange } from '@/server/schemas/object-changes';
import {
  raidProblems,
  type DeviceHints,
  type HardwareVolume,
  type RaidConfig,
  type RaidHostContext,
  type SoftwareVolume,
} from '@/server/schemas/raid-rules';

/** none: no spec.raid (BMO keeps hardware volumes and removes software RAID). */
export type RaidKind = 'none' | 'hardware' | 'software';

export interface HardwareRow {
  level: string;
  /** GiB; empty: the whole disks. */
  size: string;
  name: string;
  /** '' any disk, 'true' spinning disks, 'false' solid-state. */
  rotational: '' | 'true' | 'false';
  /** numberOfPhysicalDisks; empty: the level's minimum. */
  count: string;
  controller: string;
  /** physicalDisks, comma-separated as the controller names them. */
  disks: string;
}

export interface SoftwareRow {
  level: string;
  size: string;
  root: boolean;
  /** One device hint per disk: `deviceName=/dev/sda` or several, comma-separated. */
  disks: string[];
}

export interface RaidForm {
  kind: RaidKind;
  hardware: HardwareRow[];
  software: SoftwareRow[];
}

export const NEW_HARDWARE_ROW: HardwareRow = {
  level: '1',
  size: '',
  name: '',
  rotational: '',
  count: '',
  controller: '',
  disks: '',
};
export const NEW_SOFTWARE_ROW: SoftwareRow = { level: '1', size: '', root: false, disks: [] };

const TEXT_HINTS = [
  'deviceName',
  'hctl',
  'model',
  'vendor',
  'serialNumber',
  'wwn',
  'wwnWithExtension',
  'wwnVendorExtension',
] as const;
export const HINT_KEYS = [...TEXT_HINTS, 'minSizeGigabytes', 'rotational'] as const;

const WHOLE = /^-?\d+$/;

export function hintText(hints: DeviceHints): string {
  return Object.entries(hints)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(', ');
}

function optionalText(value: number | string | undefined): string {
  return value === undefined ? '' : String(value);
}

/** The form for a host's spec.raid. */
export function formOf(raid: RaidConfig | undefined): RaidForm {
  const hardware = raid?.hardwareRAIDVolumes;
  const software = raid?.softwareRAIDVolumes;
  let kind: RaidKind = 'none';
  if (software?.length) kind = 'software';
  else if (hardware) kind = 'hardware';
  else if (software) kind = 'software';
  return {
    kind,
    hardware: (hardware ?? []).map((volume) => ({
      level: volume.level,
      size: optionalText(volume.sizeGibibytes),
      name: volume.name ?? '',
      rotational: volume.rotational === undefined ? '' : volume.rotational ? 'true' : 'false',
      count: optionalText(volume.numberOfPhysicalDisks),
      controller: volume.controller ?? '',
      disks: (volume.physicalDisks ?? []).join(', '),
    })),
    software: (software ?? []).map((volume) => ({
      level: volume.level,
      size: optionalText(volume.sizeGibibytes),
      root: volume.rootVolume === true,
      disks: (volume.physicalDisks ?? []).map(hintText),
    })),
  };
}

type Problems = Record<string, string>;

function wholeNumber(text: string, path: string, problems: Problems): number | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  if (WHOLE.test(value)) return Number(value);
  problems[path] = `${path}: "${value}" is not a whole number`;
  return undefined;
}

function parseHints(text: string, path: string, problems: Problems): DeviceHints {
  const hints: Record<string, string | number | boolean> = {};
  const pairs = text
    .split(',')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '');
  if (pairs.length === 0) problems[path] = `${path}: a device hint, e.g. deviceName=/dev/sda`;
  for (const pair of pairs) {
    const [key = '', ...rest] = pair.split('=');
    const value = rest.join('=').trim();
    const name = key.trim();
    if (!(HINT_KEYS as readonly string[]).includes(name) || value === '') {
      problems[path] = `${path}: "${pair}" is not key=value with a key among ${HINT_KEYS.join(', ')}`;
    } else if (name === 'rotational') {
      if (value === 'true' || value === 'false') hints[name] = value === 'true';
      else problems[path] = `${path}: rotational is true or false`;
    } else if (name === 'minSizeGigabytes') {
      const size = wholeNumber(value, `${path}.minSizeGigabytes`, problems);
      if (size !== undefined) hints[name] = size;
    } else hints[name] = value;
  }
  return hints;
}

function hardwareVolume(row: HardwareRow, at: string, problems: Problems): HardwareVolume {
  const size = wholeNumber(row.size, `${at}.sizeGibibytes`, problems);
  const count = wholeNumber(row.count, `${at}.numberOfPhysicalDisks`, problems);
  const disks = row.disks
    .split(',')
    .map((disk) => disk.trim())
    .filter((disk) => disk !== '');
  return {
    level: row.level,
    ...(size === undefined ? {} : { sizeGibibytes: size }),
    ...(row.name.trim() ? { name: row.name.trim() } : {}),
    ...(row.rotational ? { rotational: row.rotational === 'true' } : {}),
    ...(count === undefined ? {} : { numberOfPhysicalDisks: count }),
    ...(row.controller.trim() ? { controller: row.controller.trim() } : {}),
    ...(disks.length > 0 ? { physicalDisks: disks } : {}),
  };
}

function softwareVolume(row: SoftwareRow, at: string, problems: Problems): SoftwareVolume {
  const size = wholeNumber(row.size, `${at}.sizeGibibytes`, problems);
  return {
    ...(row.root ? { rootVolume: true } : {}),
    level: row.level,
    ...(size === undefined ? {} : { sizeGibibytes: size }),
    ...(row.disks.length > 0
      ? {
          physicalDisks: row.disks.map((text, disk) =>
            parseHints(text, `${at}.physicalDisks[${disk}]`, problems),
          ),
        }
      : {}),
  };
}

/** The spec.raid the form stands for (null: none), and what could not be read from its text. */
export function raidOf(form: RaidForm): { raid: RaidConfig | null; problems: Problems } {
  const problems: Problems = {};
  switch (form.kind) {
    case 'none':
      return { raid: null, problems };
    case 'hardware':
      return {
        raid: {
          hardwareRAIDVolumes: form.hardware.map((row, index) =>
            hardwareVolume(row, `hardwareRAIDVolumes[${index}]`, problems),
          ),
        },
        problems,
      };
    case 'software':
      return {
        raid: {
          softwareRAIDVolumes: form.software.map((row, index) =>
            softwareVolume(row, `softwareRAIDVolumes[${index}]`, problems),
          ),
        },
        problems,
      };
  }
}

/** Every objection to the form, by field path (several at one path joined). */
export function draftProblems(form: RaidForm, context: RaidHostContext): Problems {
  const { raid, problems } = raidOf(form);
  const found: Problems = { ...problems };
  for (const problem of raidProblems(raid ?? undefined, context)) {
    const before = found[problem.path];
    found[problem.path] = before ? `${before}; ${problem.message}` : problem.message;
  }
  return found;
}

/** What writing the form changes in the host's spec, field by field. */
export function draftChanges(before: RaidConfig | undefined, form: RaidForm): FieldChange[] {
  const { raid } = raidOf(form);
  return fieldChanges({ spec: { raid: before } }, { spec: { raid: raid ?? undefined } });
}
