import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { BmcAccess } from './bmc-credentials';
import type { HostFacts } from './host-facts';
import { addressOnNetwork, type HostNetworks } from './network-data';
import type { SipRole } from './sip-names';
import { compareStrings } from './stable-order';

/** A host of the cluster as the service renderers see it. */
export interface ServiceHost {
  /**
   * The host's name in haproxy.cfg, ssh_config, hostAliases and the hosts list: the BareMetalHost
   * name, or `<namespace>.<name>` when hosts from two namespaces share a name (HAProxy rejects
   * duplicate server names and ssh_config would shadow one of them).
   */
  name: string;
  role: SipRole;
  networks?: HostNetworks;
  bmc?: BmcAccess;
}

export interface ClusterMember {
  host: BareMetalHost;
  role: SipRole;
}

/** The cluster's hosts (after this plan's labels are applied), sorted by their service name. */
export function toServiceHosts(
  members: readonly ClusterMember[],
  factsOf: (host: BareMetalHost) => HostFacts,
) {
  const nameCount = new Map<string, number>();
  for (const { host } of members) {
    const name = host.metadata.name ?? '';
    nameCount.set(name, (nameCount.get(name) ?? 0) + 1);
  }
  return members
    .map(({ host, role }): ServiceHost => {
      const name = host.metadata.name ?? '';
      const facts = factsOf(host);
      return {
        name: (nameCount.get(name) ?? 0) > 1 ? `${host.metadata.namespace ?? ''}.${name}` : name,
        role,
        networks: facts.networks.ok ? facts.networks.value : undefined,
        bmc: facts.bmc.ok ? facts.bmc.value : undefined,
      };
    })
    .sort((a, b) => compareStrings(a.name, b.name));
}

/**
 * Name and address on `networkId` of each host that has one. A host without it (only possible for
 * a kept host that lost its Secret; new hosts are checked before they are chosen) is left out of
 * the service and reported in the Ready condition by the planner.
 */
export function addressesOn(
  hosts: readonly ServiceHost[],
  networkId: string,
): { name: string; address: string }[] {
  return hosts.flatMap(({ name, networks }) => {
    if (!networks) return [];
    const address = addressOnNetwork(networks, networkId);
    return address.ok ? [{ name, address: address.value }] : [];
  });
}
