/**
 * The hosts the fleet firmware view compares and a firmware bulk job acts on, read from the cache: the
 * hosts list's filter (one matcher), the tenant cluster, and each host's vendor and model as its
 * FirmwareSchema gives them, else as its inspection (HardwareData) found them.
 */
import type { NamespaceScope } from '../../access/namespace-scope';
import type { Runtime } from '../../runtime';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { hardwareDataResource } from '../../types/crds/hardware-data';
import { hostFilter } from '../hosts/host-query';
import { indexHost, visibleHosts } from '../hosts/host-cache';
import { firmwareObjects } from './firmware-objects';
import type { FleetHost } from './fleet-drift';
import { hostPartOf, inTenant, type FleetFilter } from './fleet.schema';

export interface FleetMember extends FleetHost {
  uid?: string | undefined;
}

/** The host's vendor and model and its firmware values; undefined while no settings were reported. */
export function fleetMemberOf(runtime: Runtime, host: BareMetalHost): FleetMember | undefined {
  const ref = { namespace: host.metadata.namespace ?? '', name: host.metadata.name ?? '' };
  const { hfs, schema } = firmwareObjects(runtime, ref);
  if (!hfs?.status?.settings) return undefined;
  const found = runtime.informers.of(hardwareDataResource).get(ref.name, ref.namespace)?.spec
    ?.hardware?.systemVendor;
  return {
    ...ref,
    uid: host.metadata.uid,
    vendor: schema?.spec?.hardwareVendor ?? found?.manufacturer ?? '',
    model: schema?.spec?.hardwareModel ?? found?.productName ?? '',
    current: hfs.status.settings,
    schema: schema?.spec?.schema,
  };
}

/** Whether the host still matches the filter (search, facets and tenant cluster). */
export function fleetMatcher(filter: FleetFilter): (host: BareMetalHost) => boolean {
  const matches = hostFilter(hostPartOf(filter));
  return (host) => {
    const indexed = indexHost(host);
    return matches(indexed) && inTenant(indexed.row, filter);
  };
}

/**
 * The hosts of the caller's namespaces the filter matches that have reported firmware settings, and
 * how many have not.
 */
export function fleetMembers(
  runtime: Runtime,
  filter: FleetFilter,
  scope: NamespaceScope,
): { members: FleetMember[]; unreported: number } {
  const matched = visibleHosts(runtime, scope).filter(fleetMatcher(filter));
  const members = matched.flatMap((host) => fleetMemberOf(runtime, host) ?? []);
  return { members, unreported: matched.length - members.length };
}
