import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { macHex, normalizeMac } from '../../schemas/mac-address';
import {
  DEFAULT_RACK_LABEL_KEYS,
  flavorOf,
  rackOf,
  SIP_CLUSTER_NAME_LABEL,
  SIP_CLUSTER_NAMESPACE_LABEL,
  SIP_NODE_TYPE_LABEL,
} from '../../schemas/host-labels';
import { HOST_STATE_LABELS, type HostStateGroup } from '../../schemas/host-list';
import { hostRequestsOf, type HostRequests } from '../../schemas/host-actions';
import { whyNotFree, type NotFree } from '../../schemas/host-free';

/** ok: settled and usable; progress: a step is running; warning: needs a look; error: failed. */
export type StatusTone = 'ok' | 'progress' | 'warning' | 'error' | 'neutral';

export interface HostStatusView {
  group: HostStateGroup;
  /** status.provisioning.state as written ('' when the controller has not written one). */
  state: string;
  stateLabel: string;
  /** status.operationalStatus ('' when unset). */
  operational: string;
  errorType?: string;
  errorMessage?: string;
  errorCount: number;
  /** Observed power. */
  power: 'on' | 'off' | 'unknown';
  /** Desired power (spec.online). */
  online: boolean;
  /** Secondary line: power plus what is pending. */
  powerLabel: string;
  tone: StatusTone;
  /** Primary line: the error type when there is one, otherwise the state. */
  label: string;
  /** Restart, detach and inspection requests written on the host, not yet taken up by its operator. */
  requests: HostRequests;
}

export interface BmcView {
  address: string;
  driver: string;
  /** host[:port] part of the address, what an operator types into a browser or ipmitool. */
  host: string;
}

/** What the hosts table shows for one BareMetalHost; a few hundred bytes, never the whole object. */
export interface HostRow {
  key: string;
  namespace: string;
  name: string;
  resourceVersion: string;
  status: HostStatusView;
  /** The tenant cluster (SIPCluster) holding the host, from the SIP labels. */
  tenant?: { namespace: string; name: string };
  role?: string;
  /** Why the host is not free (whyNotFree); absent when it is free. */
  notFree?: NotFree;
  rack?: string;
  flavor?: string;
  bmc?: BmcView;
  /** Canonical aa:bb:cc:dd:ee:ff form (or as written when it does not parse). */
  bootMac?: string;
  bootMacVendor?: string;
  createdAt?: string;
  deleting: boolean;
}

/** Normalised fields the search looks through; kept on the server, not sent. */
export interface HostSearchKeys {
  text: string[];
  macs: string[];
  ips: string[];
}

export interface IndexedHost {
  row: HostRow;
  search: HostSearchKeys;
}

const STATE_GROUPS: Record<string, HostStateGroup> = {
  unmanaged: 'unmanaged',
  registering: 'registering',
  inspecting: 'inspecting',
  'match profile': 'preparing',
  preparing: 'preparing',
  ready: 'available',
  available: 'available',
  provisioning: 'provisioning',
  provisioned: 'provisioned',
  'externally provisioned': 'externally-provisioned',
  deprovisioning: 'deprovisioning',
  'powering off before delete': 'deleting',
  deleting: 'deleting',
};

/** States in which a step is running (the host is busy, not settled). */
export const PROGRESS_GROUPS: ReadonlySet<HostStateGroup> = new Set<HostStateGroup>([
  'registering',
  'inspecting',
  'preparing',
  'provisioning',
  'deprovisioning',
  'deleting',
]);

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function powerLabelOf(power: HostStatusView['power'], online: boolean, group: HostStateGroup): string {
  if (group === 'unmanaged' || group === 'none') {
    return power === 'unknown' ? 'Power unknown' : power === 'on' ? 'Powered on' : 'Powered off';
  }
  if (power === 'unknown') return online ? 'Power unknown · on requested' : 'Power unknown · off requested';
  if (power === 'on') return online ? 'Powered on' : 'Powered on · power-off pending';
  return online ? 'Powered off · power-on pending' : 'Powered off';
}

export function hostStatusOf(host: BareMetalHost): HostStatusView {
  const status = host.status;
  const state = status?.provisioning?.state ?? '';
  const operational = status?.operationalStatus ?? '';
  const errorType = status?.errorType || undefined;
  const stateGroup: HostStateGroup = state ? (STATE_GROUPS[state] ?? 'none') : 'none';
  let group = stateGroup;
  if (errorType || operational === 'error') group = 'error';
  else if (operational === 'detached') group = 'detached';
  const stateLabel = state ? capitalize(state) : HOST_STATE_LABELS.none;
  const power = status?.poweredOn === undefined ? 'unknown' : status.poweredOn ? 'on' : 'off';
  let tone: StatusTone = 'neutral';
  if (group === 'error') tone = 'error';
  else if (operational === 'delayed' || operational === 'detached') tone = 'warning';
  else if (PROGRESS_GROUPS.has(group)) tone = 'progress';
  else if (group === 'available' || group === 'provisioned' || group === 'externally-provisioned')
    tone = 'ok';
  return {
    group,
    state,
    stateLabel,
    operational,
    errorType,
    errorMessage: status?.errorMessage || undefined,
    errorCount: status?.errorCount ?? 0,
    power,
    online: host.spec.online,
    powerLabel: powerLabelOf(power, host.spec.online, stateGroup),
    tone,
    label: errorType ? capitalize(errorType) : group === 'error' ? `${stateLabel} (error)` : stateLabel,
    requests: hostRequestsOf(host.metadata.annotations),
  };
}

/**
 * Splits a BMC address into driver and host. A bare `host[:port]` means IPMI; IPv6 hosts keep their
 * brackets. Addresses that do not parse are shown as written.
 */
export function bmcOf(address: string | undefined): BmcView | undefined {
  if (!address) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(address);
  if (!scheme) return { address, driver: 'ipmi', host: address.split('/')[0] ?? address };
  try {
    // URL only parses host and port for special schemes; swap in http to read them.
    const url = new URL(`http://${address.slice(scheme[0].length)}`);
    return { address, driver: (scheme[1] ?? '').toLowerCase(), host: url.host };
  } catch {
    return { address, driver: (scheme[1] ?? '').toLowerCase(), host: address.slice(scheme[0].length) };
  }
}

/** Looks up the vendor of a MAC; injected so the row stays a pure function of its inputs. */
export type VendorLookup = (mac: string) => string | undefined;

/**
 * `rackKeys`: the configured rack label keys (RackSettings) the row's rack is read from; the server's
 * callers pass them, fixtures of tests and scripts take the defaults.
 */
export function buildHostRow(
  host: BareMetalHost,
  vendorOf: VendorLookup,
  rackKeys: readonly string[] = DEFAULT_RACK_LABEL_KEYS,
): IndexedHost {
  const { name = '', namespace = '', labels, resourceVersion = '' } = host.metadata;
  const tenantName = labels?.[SIP_CLUSTER_NAME_LABEL];
  const bootMacRaw = host.spec.bootMACAddress;
  const bootMac = bootMacRaw ? (normalizeMac(bootMacRaw) ?? bootMacRaw) : undefined;
  const bmc = bmcOf(host.spec.bmc?.address);
  const nics = host.status?.hardware?.nics ?? [];
  const macs = new Set<string>();
  for (const mac of [bootMacRaw, ...nics.map((nic) => nic.mac)]) {
    const hex = mac ? macHex(mac) : undefined;
    if (hex) macs.add(hex);
  }
  const ips = nics.flatMap((nic) => (nic.ip ? [nic.ip.toLowerCase()] : []));
  const row: HostRow = {
    key: `${namespace}/${name}`,
    namespace,
    name,
    resourceVersion,
    status: hostStatusOf(host),
    tenant: tenantName
      ? { namespace: labels[SIP_CLUSTER_NAMESPACE_LABEL] ?? namespace, name: tenantName }
      : undefined,
    role: tenantName ? labels[SIP_NODE_TYPE_LABEL] : undefined,
    notFree: whyNotFree(host),
    rack: rackOf(labels, rackKeys),
    flavor: flavorOf(labels),
    bmc,
    bootMac,
    bootMacVendor: bootMac ? vendorOf(bootMac) : undefined,
    createdAt: host.metadata.creationTimestamp
      ? new Date(host.metadata.creationTimestamp).toISOString()
      : undefined,
    deleting: Boolean(host.metadata.deletionTimestamp),
  };
  const serial = host.status?.hardware?.systemVendor?.serialNumber;
  const text = [name, namespace, bmc?.address, serial, host.status?.hardware?.hostname]
    .filter((value): value is string => Boolean(value))
    .map((value) => value.toLowerCase());
  return { row, search: { text, macs: [...macs], ips } };
}

/**
 * Row builder with a cache keyed by the informer's object: the informer replaces an object on every
 * change, so an unchanged host is never rebuilt between snapshots. The cache starts again when the rack
 * label keys `rackKeys` gives are another list (a process serving tests with other settings).
 */
export function cachedRowBuilder(
  vendorOf: VendorLookup,
  rackKeys: () => readonly string[],
): (host: BareMetalHost) => IndexedHost {
  let cache = new WeakMap<BareMetalHost, IndexedHost>();
  let cachedKeys: readonly string[] | undefined;
  return (host) => {
    const keys = rackKeys();
    if (keys !== cachedKeys) {
      cache = new WeakMap();
      cachedKeys = keys;
    }
    let indexed = cache.get(host);
    if (!indexed) {
      indexed = buildHostRow(host, vendorOf, keys);
      cache.set(host, indexed);
    }
    return indexed;
  };
}
