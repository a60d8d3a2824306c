/**
 * A host's RAID page: what spec.raid asks for, what status.provisioning.raid says was applied, whether
 * the difference waits for a cleaning and when BMO will run it given the host's state, and what the
 * BMC driver allows. Pure: raid.handler.ts feeds it the cached host.
 */
import { raidAwaitsCleaning } from '../../schemas/raid-apply';
import { bmcDriver, driverHasHardwareRaid, type RaidConfig } from '../../schemas/raid-rules';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';

export interface RaidView {
  /** The host's version the page shows. */
  resourceVersion?: string;
  /** status.provisioning.state ('' before registration). */
  state: string;
  /** When a change of spec.raid is made, in this state. */
  takesEffect: string;
  driver: string;
  hardwareRaid: boolean;
  rootDeviceHints: boolean;
  /** spec.raid; undefined when unset. */
  wanted?: RaidConfig;
  /** status.provisioning.raid: the layout the last cleaning made. */
  applied?: RaidConfig;
  /** The target differs from what was applied: a cleaning will make it. */
  pending: boolean;
  /** The preparation error the host operator recorded, when its cleaning failed. */
  error?: string;
  /** The disks inspection found, to name them in a layout. */
  disks: { name: string; sizeBytes?: number; type?: string }[];
}

/** The host's RAID view, or that there is no such host. */
export type RaidMessage = { found: false } | { found: true; raid: RaidView };

const AT_CLEANING =
  'at the next cleaning: the host operator takes an available host through preparing to make it, which erases the disks it uses';
const PROVISIONED =
  'only after the host is deprovisioned: the host operator applies RAID while preparing an available host, never under a running image';

function takesEffect(state: string, pending: boolean, failed: boolean): string {
  if (failed)
    return 'not yet: the last cleaning failed (below); change the layout and the host operator tries again';
  if (!pending) return 'nothing waits: what was applied is what spec.raid asks for';
  switch (state) {
    case 'available':
    case 'ready':
      return AT_CLEANING;
    case 'preparing':
      return 'now: the host is preparing';
    case '':
    case 'registering':
    case 'inspecting':
    case 'match profile':
      return 'after inspection, during the preparing that follows it';
    case 'provisioning':
    case 'provisioned':
    case 'externally provisioned':
    case 'deprovisioning':
      return PROVISIONED;
    default:
      return `when the host is next available (it is ${state} now)`;
  }
}

export function raidView(host: BareMetalHost): RaidView {
  const state = host.status?.provisioning?.state ?? '';
  const wanted = host.spec.raid;
  const applied = host.status?.provisioning?.raid;
  const pending = raidAwaitsCleaning(wanted, applied);
  const failed = host.status?.errorType === 'preparation error';
  const driver = bmcDriver(host.spec.bmc?.address);
  return {
    ...(host.metadata.resourceVersion ? { resourceVersion: host.metadata.resourceVersion } : {}),
    state,
    takesEffect: takesEffect(state, pending, failed),
    driver,
    hardwareRaid: driverHasHardwareRaid(driver),
    rootDeviceHints: host.spec.rootDeviceHints !== undefined,
    ...(wanted ? { wanted } : {}),
    ...(applied ? { applied } : {}),
    pending,
    ...(failed ? { error: host.status?.errorMessage ?? '' } : {}),
    disks: (host.status?.hardware?.storage ?? []).map((disk) => ({
      name: disk.name ?? '',
      ...(disk.sizeBytes === undefined ? {} : { sizeBytes: disk.sizeBytes }),
      ...(disk.type ? { type: disk.type } : {}),
    })),
  };
}
