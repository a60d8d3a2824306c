/**
 * What deleting a Plunder cluster removes, worked out before the operator confirms and followed by
 * the delete itself: each machine's Cluster API Machine and PlunderMachine, then the PlunderCluster.
 * What becomes of each machine's hardware follows the PlunderMachine finalizer and the boot
 * service's release (server/controllers/plunder-machine, server/boot/claims-db.ts).
 */
import type { HardwareState } from '../../schemas/hardware-list';
import type { PlunderMachineView } from './plunder-cluster-row';

/**
 * - `unleased`: it never booted the installer (claimed), so it goes straight back to the pool;
 * - `wiped`: something was or is being installed, so it is marked wiping: its next boot runs the
 *   `wipe` profile (power-cycled through the BMC of the BareMetalHost with its boot MAC where there
 *   is one, else it waits for the machine to restart), then it is unleased on the boot after;
 * - `none`: the machine holds no hardware.
 */
export type HardwareFate = 'unleased' | 'wiped' | 'none';

export interface MachineRemoval {
  name: string;
  capiMachine?: string;
  mac?: string;
  ip?: string;
  fate: HardwareFate;
}

export interface ClusterRemoval {
  machines: MachineRemoval[];
  /** Cluster API Machines deleted with their PlunderMachines. */
  capiMachines: number;
}

export function hardwareFate(state: HardwareState | undefined): HardwareFate {
  if (state === undefined) return 'none';
  if (state === 'claimed') return 'unleased';
  // The release marks every other held state for wiping (claims-db.ts release()).
  return 'wiped';
}

export function clusterRemoval(machines: readonly PlunderMachineView[]): ClusterRemoval {
  const removals = machines.map((machine) => ({
    name: machine.name,
    ...(machine.capiMachine ? { capiMachine: machine.capiMachine } : {}),
    ...(machine.hardware && machine.mac ? { mac: machine.mac } : {}),
    ...(machine.ip ? { ip: machine.ip } : {}),
    fate: hardwareFate(machine.hardware),
  }));
  return { machines: removals, capiMachines: removals.filter((m) => m.capiMachine).length };
}
