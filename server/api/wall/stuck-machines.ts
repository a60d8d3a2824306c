import type { HardwareRecord } from '../../boot/hardware-store';
import { HARDWARE_STATE_LABELS } from '../../schemas/hardware-list';
import { HARDWARE_WAITING_FOR } from '../../schemas/hardware-waiting';
import { HARDWARE_STEP_BOUNDS, stuckFor, stuckText } from './stuck-work';
import type { WallItem } from './wall-view';

/**
 * A Plunder machine in a step past its bound (a released one still not wiped, most often: it waits for a
 * boot nobody caused), as an item of "Needs attention"; undefined while it is within it. Pure.
 */
export function stuckMachineItem(record: HardwareRecord, now: number): WallItem | undefined {
  const stuck = stuckFor(HARDWARE_STEP_BOUNDS[record.state], record.stateChangedAt, now);
  if (!stuck) return undefined;
  const machine = record.claim?.name ? ` (${record.claim.namespace}/${record.claim.name})` : '';
  return {
    kind: 'Machine',
    namespace: '',
    name: record.mac,
    detail: `${stuckText(HARDWARE_STATE_LABELS[record.state], stuck, HARDWARE_WAITING_FOR[record.state])}${machine}`,
    since: new Date(record.stateChangedAt).toISOString(),
  };
}
