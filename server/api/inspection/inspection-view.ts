import type { InspectionEntry } from '../../db/inspection-history';
import type { HardwareChange, InspectedHardware } from '../../lib/hardware-diff';

/** The overview lists at most this many hosts that lost hardware; the count covers them all. */
export const LOST_LISTED = 50;

/** What one inspection found, in the words of the history's table. */
export interface InspectionSummary {
  cpus: number | null;
  ramMebibytes: number | null;
  nics: number;
  disks: number;
  bios: string | null;
}

export interface InspectionEntryView {
  id: string;
  at: string;
  /** The first inspection of this HardwareData: nothing to compare with. */
  baseline: boolean;
  changes: HardwareChange[];
  lost: boolean;
  acknowledged: { at: string; by: string } | null;
  found: InspectionSummary;
}

export interface InspectionHistoryView {
  /** Newest first. */
  entries: InspectionEntryView[];
}

export interface LostHardwareHost {
  namespace: string;
  name: string;
  /** The inspection that lost it. */
  id: string;
  at: string;
  /** Only the changes that took hardware away. */
  changes: HardwareChange[];
}

export interface LostHardwareView {
  count: number;
  hosts: LostHardwareHost[];
}

function summary(hardware: InspectedHardware): InspectionSummary {
  const bios = hardware.firmware?.bios;
  return {
    cpus: hardware.cpu?.count ?? null,
    ramMebibytes: hardware.ramMebibytes ?? null,
    nics: hardware.nics?.length ?? 0,
    disks: hardware.storage?.length ?? 0,
    bios: bios?.version ? [bios.vendor, bios.version].filter(Boolean).join(' ') : null,
  };
}

export function historyView(entries: readonly InspectionEntry[]): InspectionHistoryView {
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      baseline: entry.changes === null,
      changes: entry.changes ?? [],
      lost: entry.lost,
      acknowledged: entry.acknowledged
        ? { at: entry.acknowledged.at.toISOString(), by: entry.acknowledged.by }
        : null,
      found: summary(entry.hardware),
    })),
  };
}

/** Of the hosts whose newest inspection lost hardware, those that still exist (`exists`), newest first. */
export function lostHardwareView(
  entries: readonly InspectionEntry[],
  exists: (namespace: string, name: string) => boolean,
): LostHardwareView {
  const current = entries.filter((entry) => exists(entry.namespace, entry.name));
  return {
    count: current.length,
    hosts: current.slice(0, LOST_LISTED).map((entry) => ({
      namespace: entry.namespace,
      name: entry.name,
      id: entry.id,
      at: entry.at.toISOString(),
      changes: (entry.changes ?? []).filter((change) => change.lost),
    })),
  };
}
