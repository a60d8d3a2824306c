import type { BareMetalHost } from '../../server/types/crds/bare-metal-host';
import {
  DETACHED_ANNOTATION,
  INSPECT_ANNOTATION,
  REBOOT_ANNOTATION,
} from '../../server/schemas/host-actions';
import { raidAwaitsCleaning } from '../../server/schemas/raid-apply';
import { cleaningWorthRetrying } from './lab-cleaning';
import { LAB_PART_OF, LAB_PART_OF_LABEL } from './lab-hosts';

/**
 * What the lab's simulated host operator does next for a BareMetalHost, as Metal3's baremetal-operator
 * would for the same fields. Pure: the operator loop (lab-host-operator.ts) runs the step.
 */
export type HostStep =
  /** A new host with no status: registering, inspecting, available. */
  | { kind: 'register' }
  /** inspect.metal3.io on an available host (or one whose inspection failed). */
  | { kind: 'inspect' }
  | { kind: 'detach' }
  | { kind: 'attach' }
  /** reboot.metal3.io on a powered-on host: power-cycle, then remove the annotation. */
  | { kind: 'reboot' }
  /** spec.online differs from the power the host reports. */
  | { kind: 'power'; on: boolean }
  /**
   * An available host whose HostFirmwareSettings or HostFirmwareComponents hold a valid change
   * (`settings`: the cleaning runs the firmware steps) or whose spec.raid
   * differs from the layout made: a cleaning (preparing) writes them, as baremetal-operator does before
   * anything else happens to the host. Also a failed cleaning that spec.raid now lets end otherwise.
   */
  | { kind: 'prepare'; settings: boolean };

const INSPECTABLE = new Set(['available', 'ready']);

/**
 * `firmwareChange`: the host's HostFirmwareSettings or HostFirmwareComponents await a cleaning
 * (settingsAwaitCleaning, componentsAwaitCleaning).
 */
export function nextHostStep(host: BareMetalHost, firmwareChange = false): HostStep | undefined {
  if (host.metadata.deletionTimestamp) return undefined;
  const annotations = host.metadata.annotations ?? {};
  const status = host.status;
  const state = status?.provisioning?.state ?? '';
  if (!state) {
    // The seed walks its own hosts through registration; this operator takes on hosts added later.
    return host.metadata.labels?.[LAB_PART_OF_LABEL] === LAB_PART_OF ? undefined : { kind: 'register' };
  }
  const detached = status?.operationalStatus === 'detached';
  if (DETACHED_ANNOTATION in annotations) return detached ? undefined : { kind: 'detach' };
  if (detached) return { kind: 'attach' };
  const inspectionFailed = state === 'inspecting' && status?.errorType === 'inspection error';
  if (INSPECT_ANNOTATION in annotations && (INSPECTABLE.has(state) || inspectionFailed)) {
    return { kind: 'inspect' };
  }
  if (cleaningWorthRetrying(host)) return { kind: 'prepare', settings: firmwareChange };
  // A host whose BMC does not answer (the lab's power-error host) stays as it is, as with Metal3.
  if (status?.errorType || state === 'registering' || state === 'inspecting') return undefined;
  if (
    state === 'available' &&
    (firmwareChange || raidAwaitsCleaning(host.spec.raid, status?.provisioning?.raid))
  ) {
    return { kind: 'prepare', settings: firmwareChange };
  }
  if (REBOOT_ANNOTATION in annotations && status?.poweredOn) return { kind: 'reboot' };
  if (status?.poweredOn !== undefined && status.poweredOn !== host.spec.online) {
    return { kind: 'power', on: host.spec.online };
  }
  return undefined;
}
