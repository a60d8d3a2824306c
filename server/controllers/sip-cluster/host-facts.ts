import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { readBmcAccess, type BmcAccess } from './bmc-credentials';
import { addressOnNetwork, readHostNetworks, type HostNetworks } from './network-data';
import type { Result } from './result';
import type { SecretLookup } from './secret-data';

/** What the planner learns about one host from its Secrets. */
export interface HostFacts {
  networks: Result<HostNetworks>;
  bmc: Result<BmcAccess>;
}

export function readHostFacts(host: BareMetalHost, secrets: SecretLookup): HostFacts {
  return { networks: readHostNetworks(host, secrets), bmc: readBmcAccess(host, secrets) };
}

/**
 * Why a host cannot serve a role, or undefined when it can. `networkIds` are the nodeInterfaceIds of
 * the services that will use this host (the jump host for every role, each load balancer for its own
 * role), and every one must resolve; upstream checked only the first service's. BMC access is needed
 * for every host, as upstream: the jump host's power helper lists them all.
 */
export function hostProblem(facts: HostFacts, networkIds: readonly string[]): string | undefined {
  if (!facts.networks.ok) return facts.networks.error;
  for (const networkId of networkIds) {
    const address = addressOnNetwork(facts.networks.value, networkId);
    if (!address.ok) return address.error;
  }
  if (!facts.bmc.ok) return facts.bmc.error;
  return undefined;
}
