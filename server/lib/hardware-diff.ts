/**
 * What changed between two inspections of one host, as baremetal-operator's HardwareDetails reports
 * them (a HardwareData's `spec.hardware`). The shapes below are the fields compared, so the generated
 * CRD type and a stored snapshot both fit. HardwareDetails has no list of DIMMs: a DIMM taken out shows
 * as `ramMebibytes` going down, and nothing says which slot.
 */

type Scalar = string | number | boolean | null;

interface Nic {
  name?: string;
  mac?: string;
  model?: string;
  speedGbps?: number;
  ip?: string;
  vlans?: readonly { id?: number; name?: string }[];
}

interface Disk {
  name?: string;
  serialNumber?: string;
  wwn?: string;
  model?: string;
  vendor?: string;
  sizeBytes?: number;
  rotational?: boolean;
  type?: string;
}

export interface InspectedHardware {
  hostname?: string;
  cpu?: { arch?: string; model?: string; clockMegahertz?: number; count?: number };
  ramMebibytes?: number;
  nics?: readonly Nic[];
  storage?: readonly Disk[];
  firmware?: { bios?: { vendor?: string; version?: string; date?: string } };
  systemVendor?: { manufacturer?: string; productName?: string; serialNumber?: string };
}

export type HardwarePart = 'nic' | 'disk' | 'cpu' | 'memory' | 'firmware' | 'system';

export interface FieldChange {
  field: string;
  before: Scalar;
  after: Scalar;
}

export interface HardwareChange {
  part: HardwarePart;
  /** What names it: a NIC's MAC, a disk's serial number (else WWN, else device name), or the part itself. */
  subject: string;
  /** Words beside the subject an operator recognises: the NIC's or disk's device name. */
  label?: string;
  change: 'added' | 'removed' | 'changed';
  /** For `changed`: each field that differs. */
  fields: FieldChange[];
  /** The host has less than before: a NIC or disk gone, less memory or fewer CPUs. */
  lost: boolean;
}

const value = (field: Scalar | undefined): Scalar => field ?? null;

/** The fields of `before` and `after` (read by `read`) that differ, in the order given. */
function changedFields<T>(
  before: T | undefined,
  after: T | undefined,
  read: Record<string, (item: T) => Scalar | undefined>,
): FieldChange[] {
  return Object.entries(read).flatMap(([field, of]) => {
    const was = value(before === undefined ? undefined : of(before));
    const now = value(after === undefined ? undefined : of(after));
    return was === now ? [] : [{ field, before: was, after: now }];
  });
}

const NIC_FIELDS: Record<string, (nic: Nic) => Scalar | undefined> = {
  name: (nic) => nic.name,
  model: (nic) => nic.model,
  speedGbps: (nic) => nic.speedGbps,
  ip: (nic) => nic.ip,
  vlans: (nic) =>
    nic.vlans
      ?.map((vlan) => (vlan.name ? `${String(vlan.id ?? '')} ${vlan.name}` : String(vlan.id ?? '')))
      .sort()
      .join(', '),
};

const DISK_FIELDS: Record<string, (disk: Disk) => Scalar | undefined> = {
  name: (disk) => disk.name,
  model: (disk) => disk.model,
  vendor: (disk) => disk.vendor,
  sizeBytes: (disk) => disk.sizeBytes,
  rotational: (disk) => disk.rotational,
  type: (disk) => disk.type,
  wwn: (disk) => disk.wwn,
};

export const nicKey = (nic: Nic): string => nic.mac?.toLowerCase() ?? nic.name ?? '';
export const diskKey = (disk: Disk): string => disk.serialNumber ?? disk.wwn ?? disk.name ?? '';

/** Items of two lists matched by key: removed, added and changed, each list in the key's order. */
function listChanges<T extends Nic | Disk>(
  part: 'nic' | 'disk',
  before: readonly T[] | undefined,
  after: readonly T[] | undefined,
  key: (item: T) => string,
  fields: Record<string, (item: T) => Scalar | undefined>,
): HardwareChange[] {
  const byKey = (items: readonly T[] | undefined) => new Map((items ?? []).map((item) => [key(item), item]));
  const was = byKey(before);
  const now = byKey(after);
  const keys = [...new Set([...was.keys(), ...now.keys()])].sort();
  return keys.flatMap((subject): HardwareChange[] => {
    const old = was.get(subject);
    const current = now.get(subject);
    const label = (current ?? old)?.name;
    const base = { part, subject, ...(label && label !== subject ? { label } : {}) };
    if (!current) return [{ ...base, change: 'removed', fields: [], lost: true }];
    if (!old) return [{ ...base, change: 'added', fields: [], lost: false }];
    const changed = changedFields(old, current, fields);
    return changed.length === 0 ? [] : [{ ...base, change: 'changed', fields: changed, lost: false }];
  });
}

/** One part that is a set of fields (CPU, memory, BIOS, system); `lost` decides from its changes. */
function partChange<T>(
  part: HardwarePart,
  before: T | undefined,
  after: T | undefined,
  fields: Record<string, (item: T) => Scalar | undefined>,
  lost: (fields: FieldChange[]) => boolean = () => false,
): HardwareChange[] {
  const changed = changedFields(before, after, fields);
  return changed.length === 0
    ? []
    : [{ part, subject: part, change: 'changed', fields: changed, lost: lost(changed) }];
}

const fewer = (change: FieldChange) =>
  typeof change.before === 'number' && (typeof change.after !== 'number' || change.after < change.before);

/** Every difference from `before` to `after`: removals, additions and changed fields. */
export function diffHardware(before: InspectedHardware, after: InspectedHardware): HardwareChange[] {
  return [
    ...partChange(
      'cpu',
      before.cpu,
      after.cpu,
      {
        count: (cpu) => cpu.count,
        model: (cpu) => cpu.model,
        arch: (cpu) => cpu.arch,
        clockMegahertz: (cpu) => cpu.clockMegahertz,
      },
      (fields) => fields.some((field) => field.field === 'count' && fewer(field)),
    ),
    ...partChange('memory', before, after, { ramMebibytes: (hardware) => hardware.ramMebibytes }, (fields) =>
      fields.some(fewer),
    ),
    ...listChanges('nic', before.nics, after.nics, nicKey, NIC_FIELDS),
    ...listChanges('disk', before.storage, after.storage, diskKey, DISK_FIELDS),
    ...partChange('firmware', before.firmware?.bios, after.firmware?.bios, {
      'BIOS vendor': (bios) => bios.vendor,
      'BIOS version': (bios) => bios.version,
      'BIOS date': (bios) => bios.date,
    }),
    ...partChange('system', before, after, {
      manufacturer: (hardware) => hardware.systemVendor?.manufacturer,
      productName: (hardware) => hardware.systemVendor?.productName,
      serialNumber: (hardware) => hardware.systemVendor?.serialNumber,
      hostname: (hardware) => hardware.hostname,
    }),
  ];
}

/** Hardware disappeared: some change took something away. */
export function hardwareLost(changes: readonly HardwareChange[]): boolean {
  return changes.some((change) => change.lost);
}
