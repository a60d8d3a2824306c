/**
 * What a Plunder machine waits for in each step that only the machine itself can end (by booting), in
 * the words the hardware page and the overview use. Pure.
 */
import type { HardwareState } from './hardware-list';

export const HARDWARE_WAITING_FOR: Partial<Record<HardwareState, string>> = {
  claimed: 'waiting for the machine to boot into the installer',
  provisioning: 'waiting for the installer to report the image written',
  wiping: 'waiting for the machine to boot into the wiper',
  wiped: 'waiting for the machine to boot back into the discovery loop',
};
