import type { HostFilterInput } from '@/server/api/hosts/host-query';
import type { BulkLabels, BulkPreviewInputValues, BulkProvision } from '@/server/api/bulk/start.schema';
import type { JobAction } from '@/server/schemas/bulk-actions';
import type { HardwareFilterInput } from '@/server/schemas/hardware-list';
import type { FleetFilterInput, FleetSettings } from '@/server/api/firmware/fleet.schema';

/**
 * A "select all matching": the list it was made on and that list's filter, never names. The fleet
 * firmware view's also carries the settings to apply (its hosts are those of their vendor and model).
 */
export type BulkSelection =
  | { kind: 'hosts'; filter: HostFilterInput }
  | { kind: 'hardware'; filter: HardwareFilterInput }
  | { kind: 'firmware'; filter: FleetFilterInput; firmware: FleetSettings };

/** What the action needs beyond the filter, as the confirmation collected it. */
export interface BulkExtras {
  labels?: BulkLabels | undefined;
  provision?: BulkProvision | undefined;
}

/** The preview's (and, with the pace and count, the start's) input for an action on a selection. */
export function targetInput(
  selection: BulkSelection,
  action: JobAction,
  extras: BulkExtras,
): BulkPreviewInputValues | undefined {
  if (selection.kind === 'firmware') {
    if (action !== 'firmware-settings') return undefined;
    return { kind: 'firmware', action, filter: selection.filter, firmware: selection.firmware };
  }
  if (action === 'firmware-settings') return undefined;
  if (selection.kind === 'hardware') {
    if (action !== 'provision' || !extras.provision) return undefined;
    return { kind: 'hardware', action, filter: selection.filter, provision: extras.provision };
  }
  if (action === 'provision') return undefined;
  if (action === 'labels' && !extras.labels) return undefined;
  return {
    kind: 'hosts',
    action,
    filter: selection.filter,
    ...(extras.labels ? { labels: extras.labels } : {}),
  };
}
