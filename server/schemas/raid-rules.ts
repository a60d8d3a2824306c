/**
 * Whether a BareMetalHost's `spec.raid` is one baremetal-operator would take, by every rule it applies
 * on the way: the CRD's schema (levels, bounds, list sizes), its admission webhook (one kind of volume,
 * physical disks need a controller and agree with their count, the software root volume, hardware RAID
 * on a BMC driver that has none) and the checks its Ironic provisioner makes when the cleaning builds
 * the layout (repeated volume names, a first software volume that is not RAID-1). The webhook's and
 * the provisioner's messages are BMO's own, so what the console refuses reads as BMO would have said it.
 * Pure: the RAID form checks as you type, the tRPC edge refuses with the same problems.
 */
import type { BareMetalHostRootDeviceHints } from '../types/crds/bare-metal-host';

export const HARDWARE_RAID_LEVELS = ['0', '1', '2', '5', '6', '1+0', '5+0', '6+0'] as const;
export const SOFTWARE_RAID_LEVELS = ['0', '1', '1+0'] as const;

/** The device hints a software RAID volume names its disks by (BMO's RootDeviceHints). */
export type DeviceHints = BareMetalHostRootDeviceHints;

/** A hardware volume as written; `level` is any text so that a wrong one can be said to be wrong. */
export interface HardwareVolume {
  sizeGibibytes?: number;
  level: string;
  name?: string;
  rotational?: boolean;
  numberOfPhysicalDisks?: number;
  controller?: string;
  physicalDisks?: string[];
}

export interface SoftwareVolume {
  rootVolume?: boolean;
  sizeGibibytes?: number;
  level: string;
  physicalDisks?: DeviceHints[];
}

export interface RaidConfig {
  hardwareRAIDVolumes?: HardwareVolume[];
  softwareRAIDVolumes?: SoftwareVolume[];
}

/** What else about the host the rules look at. */
export interface RaidHostContext {
  /** The BMC driver spec.bmc.address names (bmcDriver): it decides whether hardware RAID exists at all. */
  driver?: string;
  /** spec.rootDeviceHints is set. */
  rootDeviceHints?: boolean;
}

export interface RaidProblem {
  /** Where in spec.raid, e.g. `hardwareRAIDVolumes[0].controller`; '' for the layout as a whole. */
  path: string;
  message: string;
  /**
   * For what the provisioner checks again when the cleaning builds the layout: its words then, which
   * BMO records as the host's preparation error (the webhook, when installed, refuses it before).
   */
  atCleaning?: string;
}

/** BMC drivers whose Ironic node has the no-raid RAID interface (BMO's IPMI access details). */
const NO_RAID_DRIVERS = new Set(['ipmi', 'libvirt']);
/** The CRD's limits. */
const MAX_NAME_LENGTH = 64;
const MAX_SOFTWARE_VOLUMES = 2;
const MIN_SOFTWARE_DISKS = 2;

/** The driver a BMC address names, as BMO parses it: the scheme without `+http(s)`; none means IPMI. */
export function bmcDriver(address: string | undefined): string {
  const scheme = /^([a-z0-9][a-z0-9+.-]*):\/\//i.exec(address?.trim() ?? '');
  return (scheme?.[1] ?? 'ipmi').toLowerCase().split('+')[0] ?? 'ipmi';
}

export function driverHasHardwareRaid(driver: string): boolean {
  return !NO_RAID_DRIVERS.has(driver);
}

function sizeProblem(path: string, size: number | undefined): RaidProblem[] {
  if (size === undefined || (Number.isSafeInteger(size) && size >= 0)) return [];
  return [
    { path, message: `${path}: the size is a whole number of GiB, 0 or more (0 or none: the whole disk)` },
  ];
}

function levelProblem(path: string, level: string, levels: readonly string[], kind: string): RaidProblem[] {
  if (levels.includes(level)) return [];
  return [{ path, message: `${path}: "${level}" is not a ${kind} RAID level (${levels.join(', ')})` }];
}

function hardwareProblems(volumes: readonly HardwareVolume[], context: RaidHostContext): RaidProblem[] {
  const problems: RaidProblem[] = [];
  const driver = context.driver;
  if (volumes.length > 0 && driver !== undefined && !driverHasHardwareRaid(driver)) {
    problems.push({
      path: 'hardwareRAIDVolumes',
      message: `BMC driver ${driver} does not support configuring RAID`,
    });
  }
  const named = new Map<string, number>();
  volumes.forEach((volume, index) => {
    const at = `hardwareRAIDVolumes[${index}]`;
    problems.push(...levelProblem(`${at}.level`, volume.level, HARDWARE_RAID_LEVELS, 'hardware'));
    problems.push(...sizeProblem(`${at}.sizeGibibytes`, volume.sizeGibibytes));
    const name = volume.name ?? '';
    if (new TextEncoder().encode(name).length > MAX_NAME_LENGTH) {
      problems.push({ path: `${at}.name`, message: `${at}.name: at most ${MAX_NAME_LENGTH} characters` });
    }
    const first = named.get(name);
    if (name !== '' && first !== undefined) {
      problems.push({
        path: `${at}.name`,
        message: `the names(${name}) of volume[${index}] and volume[${first}] are repeated`,
        atCleaning: `the names(${name}) of volume[${index}] and volume[${first}] are repeated`,
      });
    } else if (name !== '') named.set(name, index);
    const count = volume.numberOfPhysicalDisks;
    if (count !== undefined && !(Number.isSafeInteger(count) && count >= 1)) {
      problems.push({
        path: `${at}.numberOfPhysicalDisks`,
        message: `${at}.numberOfPhysicalDisks: a whole number, 1 or more`,
      });
    }
    const disks = volume.physicalDisks ?? [];
    if (disks.length > 0 && !volume.controller) {
      problems.push({
        path: `${at}.controller`,
        message: `'physicalDisks' specified without 'controller' in hardware RAID volume ${index}`,
        atCleaning: "'controller' must be specified if 'physicalDisks' are used",
      });
    }
    if (count !== undefined && disks.length > 0 && count !== disks.length) {
      problems.push({
        path: `${at}.numberOfPhysicalDisks`,
        message: `the 'numberOfPhysicalDisks'[${count}] and number of 'physicalDisks'[${disks.length}] is not same for volume ${index}`,
        atCleaning: `the numberOfPhysicalDisks[${count}] is not same as number of items in physicalDisks[${disks.length}]`,
      });
    }
  });
  return problems;
}

function softwareProblems(volumes: readonly SoftwareVolume[], context: RaidHostContext): RaidProblem[] {
  const problems: RaidProblem[] = [];
  if (volumes.length > MAX_SOFTWARE_VOLUMES) {
    problems.push({
      path: 'softwareRAIDVolumes',
      message: `softwareRAIDVolumes: at most ${MAX_SOFTWARE_VOLUMES} volumes (software RAID makes 1 or 2 devices)`,
    });
  }
  const first = volumes[0];
  if (first && first.level !== '1') {
    problems.push({
      path: 'softwareRAIDVolumes[0].level',
      message: 'the level in first volume of software raid must be RAID1',
      atCleaning: 'the level in first volume of software raid must be RAID1',
    });
  }
  volumes.forEach((volume, index) => {
    const at = `softwareRAIDVolumes[${index}]`;
    problems.push(...levelProblem(`${at}.level`, volume.level, SOFTWARE_RAID_LEVELS, 'software'));
    problems.push(...sizeProblem(`${at}.sizeGibibytes`, volume.sizeGibibytes));
    const disks = volume.physicalDisks ?? [];
    if (disks.length > 0 && disks.length < MIN_SOFTWARE_DISKS) {
      problems.push({
        path: `${at}.physicalDisks`,
        message: `${at}.physicalDisks: at least ${MIN_SOFTWARE_DISKS} device hints, or none`,
      });
    }
    disks.forEach((hints, disk) => {
      const size = hints.minSizeGigabytes;
      if (size !== undefined && !(Number.isSafeInteger(size) && size >= 0)) {
        problems.push({
          path: `${at}.physicalDisks[${disk}]`,
          message: `${at}.physicalDisks[${disk}].minSizeGigabytes: a whole number, 0 or more`,
        });
      }
    });
    if (volume.rootVolume && volume.level !== '1') {
      problems.push({
        path: `${at}.rootVolume`,
        message: `softwareRAIDVolumes[${index}] with rootVolume set must use RAID level 1`,
      });
    }
  });
  const roots = volumes.filter((volume) => volume.rootVolume).length;
  if (roots > 1) {
    problems.push({
      path: 'softwareRAIDVolumes',
      message: 'softwareRAIDVolumes[*].rootVolume can only be set once',
    });
  }
  if (roots === 1 && context.rootDeviceHints) {
    problems.push({
      path: 'softwareRAIDVolumes',
      message: 'softwareRAIDVolumes[*].rootVolume and rootDeviceHints can not be set at the same time',
    });
  }
  return problems;
}

/** Every reason BMO would refuse this `spec.raid` (none for no RAID at all). */
export function raidProblems(raid: RaidConfig | undefined, context: RaidHostContext = {}): RaidProblem[] {
  if (!raid) return [];
  const hardware = raid.hardwareRAIDVolumes ?? [];
  const software = raid.softwareRAIDVolumes ?? [];
  const both =
    hardware.length > 0 && software.length > 0
      ? [{ path: '', message: 'hardwareRAIDVolumes and softwareRAIDVolumes can not be set at the same time' }]
      : [];
  return [...both, ...hardwareProblems(hardware, context), ...softwareProblems(software, context)];
}
