/**
 * The pure parts of a job on the unleased list: which machines its filter selects (the list's own
 * matcher) and why one is left alone when its turn comes.
 */
import { BULK_NOUNS } from '../../schemas/bulk-actions';
import { HARDWARE_STATE_LABELS, type HardwareFilter, type HardwareRow } from '../../schemas/hardware-list';
import { compareText } from '../compare-text';
import { hardwareFilter, hardwareMatcher } from '../hardware/hardware-query';
import { limitPlan, type BulkPlan } from './bulk-plan';
import { MAX_BULK_HOSTS } from './start.schema';

/**
 * The unleased machines `filter` matches now, by MAC. A MAC in another state is not selected: it is
 * a machine already, and provisioning applies to none of them.
 */
export function planHardware(
  rows: readonly HardwareRow[],
  filter: HardwareFilter,
  max = MAX_BULK_HOSTS,
): BulkPlan {
  const matches = hardwareFilter(filter);
  const targets = rows
    .filter((row) => row.state === 'unleased' && matches(row))
    .map((row) => ({ namespace: '', name: row.mac }))
    .sort((a, b) => compareText(a.name, b.name));
  return limitPlan(targets, BULK_NOUNS.hardware, max);
}

/** Why a machine is left alone at its turn (gone, no longer matching, no longer unleased), or undefined. */
export function hardwareSkip(row: HardwareRow | undefined, filter: HardwareFilter): string | undefined {
  if (!row) return 'the boot service no longer knows it';
  if (!hardwareMatcher(filter.search)(row)) {
    return `no longer matches the filter: it no longer matches the search “${filter.search}”`;
  }
  const state = HARDWARE_STATE_LABELS[row.state].toLowerCase();
  if (!hardwareFilter(filter)(row)) return `no longer matches the filter: its state is now ${state}`;
  if (row.state !== 'unleased') {
    const machine = row.machine ? ` (${row.machine.namespace}/${row.machine.name})` : '';
    return `it is no longer unleased: it is ${state}${machine}`;
  }
  return undefined;
}
