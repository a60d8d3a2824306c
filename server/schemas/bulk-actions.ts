import { HOST_ACTIONS } from './host-actions';

/** What a bulk job can do to every host a filter matches: each host action, labels, delete. */
export const BULK_ACTIONS = [...HOST_ACTIONS, 'labels', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** What a bulk job can do to every unleased machine the unleased list's filter matches. */
export const HARDWARE_BULK_ACTIONS = ['provision'] as const;
export type HardwareBulkAction = (typeof HARDWARE_BULK_ACTIONS)[number];

/** What a bulk job can do to every host of one vendor and model the fleet firmware view's filter matches. */
export const FIRMWARE_BULK_ACTIONS = ['firmware-settings'] as const;
export type FirmwareBulkAction = (typeof FIRMWARE_BULK_ACTIONS)[number];

/**
 * What a job acts on: BareMetalHosts (the hosts list and rack view), MACs (the unleased list) or the
 * HostFirmwareSettings of hosts of one model (the fleet firmware view).
 */
export type BulkKind = 'hosts' | 'hardware' | 'firmware';
export type JobAction = BulkAction | HardwareBulkAction | FirmwareBulkAction;

/** What a job's targets are called, in counts and messages. */
export const BULK_NOUNS: Record<BulkKind, string> = {
  hosts: 'hosts',
  hardware: 'unleased machines',
  firmware: 'hosts',
};

/** A job's kind follows from its action: the lists offer different ones. */
export function bulkKindOf(action: string): BulkKind {
  if ((HARDWARE_BULK_ACTIONS as readonly string[]).includes(action)) return 'hardware';
  if ((FIRMWARE_BULK_ACTIONS as readonly string[]).includes(action)) return 'firmware';
  return 'hosts';
}

/** The pace an operator may choose for a job: [least, most] hosts at once, and started a second. */
export const BULK_LIMITS = {
  concurrency: [1, 50],
  ratePerSecond: [0.1, 100],
} as const;
