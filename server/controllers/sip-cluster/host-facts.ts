import type { V1Secret } from '@kubernetes/client-node';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { readBmcAccess, type BmcAccess } from './bmc-credentials';
import { addressOnNetwork, readHostNetworks, type HostNetworks } from './network-data';
import type { Result } from '../common/result';
import type { SecretLookup } from '../common/secret-data';

/** What the planner learns about one host from its Secrets. */
export interface HostFacts {
  networks: Result<HostNetworks>;
  bmc: Result<BmcAccess>;
}

interface Remembered {
  networkSecret: V1Secret | undefined;
  bmcSecret: V1Secret | undefined;
  facts: HostFacts;
}

/**
 * Facts per host object, valid while the host and both of its Secrets are the same objects. Caches
 * hand out a new object for every change, so identity says "unchanged"; this spares parsing thousands
 * of networkData documents on every reconcile.
 */
const remembered = new WeakMap<BareMetalHost, Remembered>();

function referencedSecrets(
  host: BareMetalHost,
  secrets: SecretLookup,
): [V1Secret | undefined, V1Secret | undefined] {
  const namespace = host.metadata.namespace ?? '';
  const network = host.spec.networkData;
  const bmc = host.spec.bmc?.credentialsName;
  return [
    network?.name ? secrets(network.namespace ?? namespace, network.name) : undefined,
    bmc ? secrets(namespace, bmc) : undefined,
  ];
}

export function readHostFacts(host: BareMetalHost, secrets: SecretLookup): HostFacts {
  const [networkSecret, bmcSecret] = referencedSecrets(host, secrets);
  const known = remembered.get(host);
  if (known && known.networkSecret === networkSecret && known.bmcSecret === bmcSecret) return known.facts;
  const facts = { networks: readHostNetworks(host, secrets), bmc: readBmcAccess(host, secrets) };
  remembered.set(host, { networkSecret, bmcSecret, facts });
  return facts;
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
