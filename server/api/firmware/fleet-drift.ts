/**
 * Firmware settings compared across a fleet: hosts grouped by vendor and model, each setting's majority
 * value and the hosts that differ from it ("drift"), or from a saved baseline when one is chosen for
 * the group. Read-only settings are shown with their majority but never counted as drift: nothing can
 * change them. Pure: fleet.handler.ts feeds it the cached objects.
 */
import { compareText } from '../compare-text';
import type { SettingSchema, SettingValue } from '../../schemas/firmware-setting-rules';

/** One host as the comparison needs it. */
export interface FleetHost {
  namespace: string;
  name: string;
  vendor: string;
  model: string;
  /** The values the host reports (HostFirmwareSettings status.settings). */
  current: Readonly<Record<string, string>>;
  /** The schema of its vendor and model; absent when its BMC reports no BIOS registry. */
  schema?: Readonly<Record<string, SettingSchema>> | undefined;
}

export interface FleetBaseline {
  id: string;
  name: string;
  vendor: string;
  model: string;
  settings: Readonly<Record<string, SettingValue>>;
}

export interface DriftingHost {
  /** namespace/name */
  host: string;
  value: string;
}

export interface SettingDrift {
  name: string;
  readOnly: boolean;
  /** The most common value (ties: the first in text order); '' when no host reports the setting. */
  majority: string;
  majorityCount: number;
  /** The baseline's value, when the chosen baseline names the setting. */
  baseline?: string;
  /** Hosts whose value differs from the reference (the baseline's value, else the majority). */
  driftCount: number;
  /** The first of them, by host. */
  drifting: DriftingHost[];
}

export interface GroupHost {
  namespace: string;
  name: string;
  hasSchema: boolean;
  /** Settings of this host that differ from the reference. */
  drift: number;
}

export interface FleetGroup {
  vendor: string;
  model: string;
  /** The baseline compared against, when one was chosen for this vendor and model. */
  baseline?: { id: string; name: string };
  hostCount: number;
  /** Hosts with at least one setting that differs from the reference. */
  driftingHosts: number;
  withoutSchema: number;
  /** The group's FirmwareSchema entries (of its first host with one), for editing its baselines. */
  entries?: Readonly<Record<string, SettingSchema>>;
  /** Settings differing from the reference on some host, first; then by name. */
  settings: SettingDrift[];
  /** The most drifting first, up to the list's bound. */
  hosts: GroupHost[];
}

/** Bounds on what one answer lists (the counts stay whole). */
export const DRIFT_LIMITS = { driftingPerSetting: 20, hostsPerGroup: 200 } as const;

/** The name a group is shown and keyed by. */
export function groupKey(vendor: string, model: string): string {
  return `${vendor}\u0000${model}`;
}

function majorityOf(values: readonly string[]): { value: string; count: number } {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = { value: '', count: 0 };
  for (const [value, count] of counts) {
    if (count > best.count || (count === best.count && compareText(value, best.value) < 0)) {
      best = { value, count };
    }
  }
  return best;
}

function settingDrift(
  name: string,
  hosts: readonly FleetHost[],
  baseline: FleetBaseline | undefined,
  driftByHost: Map<FleetHost, number>,
): SettingDrift {
  const reporting = hosts.filter((host) => Object.hasOwn(host.current, name));
  const majority = majorityOf(reporting.map((host) => host.current[name] ?? ''));
  const entry = hosts.map((host) => host.schema?.[name]).find(Boolean);
  const readOnly = entry?.read_only === true;
  const wanted = baseline?.settings[name];
  const reference = wanted === undefined ? (baseline ? undefined : majority.value) : String(wanted);
  const differing =
    readOnly || reference === undefined ? [] : reporting.filter((host) => host.current[name] !== reference);
  for (const host of differing) driftByHost.set(host, (driftByHost.get(host) ?? 0) + 1);
  return {
    name,
    readOnly,
    majority: majority.value,
    majorityCount: majority.count,
    ...(wanted === undefined ? {} : { baseline: String(wanted) }),
    driftCount: differing.length,
    drifting: differing.slice(0, DRIFT_LIMITS.driftingPerSetting).map((host) => ({
      host: `${host.namespace}/${host.name}`,
      value: host.current[name] ?? '',
    })),
  };
}

function groupOf(hosts: readonly FleetHost[], baseline: FleetBaseline | undefined): FleetGroup {
  const first = hosts[0];
  const names = [...new Set(hosts.flatMap((host) => Object.keys(host.current)))];
  const driftByHost = new Map<FleetHost, number>();
  const entries = hosts.find((host) => host.schema)?.schema;
  const settings = names
    .map((name) => settingDrift(name, hosts, baseline, driftByHost))
    .sort((a, b) => Number(b.driftCount > 0) - Number(a.driftCount > 0) || compareText(a.name, b.name));
  const listed = hosts
    .map((host) => ({
      namespace: host.namespace,
      name: host.name,
      hasSchema: host.schema !== undefined,
      drift: driftByHost.get(host) ?? 0,
    }))
    .sort(
      (a, b) => b.drift - a.drift || compareText(a.namespace, b.namespace) || compareText(a.name, b.name),
    );
  return {
    vendor: first?.vendor ?? '',
    model: first?.model ?? '',
    ...(baseline ? { baseline: { id: baseline.id, name: baseline.name } } : {}),
    hostCount: hosts.length,
    driftingHosts: driftByHost.size,
    withoutSchema: hosts.filter((host) => host.schema === undefined).length,
    ...(entries ? { entries } : {}),
    settings,
    hosts: listed.slice(0, DRIFT_LIMITS.hostsPerGroup),
  };
}

/**
 * The hosts grouped by vendor and model (groups by vendor, then model), each compared against the
 * chosen baseline when it is of the group's vendor and model, else against the group's majority.
 */
export function fleetDrift(hosts: readonly FleetHost[], baseline?: FleetBaseline): FleetGroup[] {
  const groups = new Map<string, FleetHost[]>();
  for (const host of hosts) {
    const key = groupKey(host.vendor, host.model);
    const members = groups.get(key);
    if (members) members.push(host);
    else groups.set(key, [host]);
  }
  return [...groups.values()]
    .map((members) => {
      const first = members[0];
      const matches =
        baseline &&
        first &&
        groupKey(baseline.vendor, baseline.model) === groupKey(first.vendor, first.model);
      return groupOf(members, matches ? baseline : undefined);
    })
    .sort((a, b) => compareText(a.vendor, b.vendor) || compareText(a.model, b.model));
}
