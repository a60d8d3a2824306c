/**
 * When and how baremetal-operator applies a host's `spec.raid`. It applies RAID only while preparing
 * (the manual cleaning of an available host, or the one after inspection): it works out the target
 * layout from spec and from what status.provisioning.raid says was applied, starts a cleaning when they
 * differ, and records the target there once the cleaning ran. Pure: the console says whether a change
 * waits, and the lab's simulated operator decides and fails its cleanings by the same rules.
 */
import { fieldChanges } from './object-changes';
import { bmcDriver, driverHasHardwareRaid, raidProblems, type RaidConfig } from './raid-rules';

/** A merge patch that makes a `raid` object exactly `target` (a kind it lacks is removed). */
export interface RaidMergePatch {
  hardwareRAIDVolumes: NonNullable<RaidConfig['hardwareRAIDVolumes']> | null;
  softwareRAIDVolumes: NonNullable<RaidConfig['softwareRAIDVolumes']> | null;
}

export function raidMergePatch(target: RaidConfig): RaidMergePatch {
  return {
    hardwareRAIDVolumes: target.hardwareRAIDVolumes ?? null,
    softwareRAIDVolumes: target.softwareRAIDVolumes ?? null,
  };
}

function isEmpty(raid: RaidConfig): boolean {
  return raid.hardwareRAIDVolumes === undefined && raid.softwareRAIDVolumes === undefined;
}

/**
 * The layout BMO makes: spec.raid, except that no RAID asked for (none, or `{}`) keeps the hardware
 * volumes already made and removes software RAID.
 */
export function raidTarget(
  spec: RaidConfig | undefined,
  applied: RaidConfig | undefined,
): RaidConfig | undefined {
  if ((spec === undefined || isEmpty(spec)) && applied !== undefined) {
    const hardware = applied.hardwareRAIDVolumes ?? [];
    return { ...(hardware.length > 0 ? { hardwareRAIDVolumes: hardware } : {}), softwareRAIDVolumes: [] };
  }
  return spec;
}

export function sameRaid(a: RaidConfig | undefined, b: RaidConfig | undefined): boolean {
  return fieldChanges(a ?? null, b ?? null).length === 0;
}

/** The target differs from what was applied: BMO takes an available host through preparing for it. */
export function raidAwaitsCleaning(spec: RaidConfig | undefined, applied: RaidConfig | undefined): boolean {
  return !sameRaid(raidTarget(spec, applied), applied);
}

/**
 * Why the cleaning that applies `target` fails, in the words BMO records as the host's preparation
 * error: the RAID interface of the driver (IPMI has none) and the layout the provisioner cannot build.
 */
export function raidCleaningError(
  target: RaidConfig | undefined,
  bmcAddress: string | undefined,
): string | undefined {
  if (!target) return undefined;
  const hardware = target.hardwareRAIDVolumes ?? [];
  if (hardware.length > 0 && !driverHasHardwareRaid(bmcDriver(bmcAddress))) {
    return "RAID settings are defined, but the node's driver no-raid does not support RAID";
  }
  return raidProblems(target).find((problem) => problem.atCleaning !== undefined)?.atCleaning;
}
