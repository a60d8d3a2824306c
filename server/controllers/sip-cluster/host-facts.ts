import type { V1Secret } from '@kubernetes/client-node';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { readBmcAccess, type BmcAccess } from './bmc-credentials';
import { addressOnNetwork, readHostNetworks, type HostNetworks } from './network-data';
import type { Result } from '../common/result';
import type { SecretLookup, SecretPending } from '../common/secret-data';

/**
 * What the planner learns about one host from its Secrets. `pending`: a Secret's value is still to be
 * read; the planner may choose the host, and the plan is made again once the value is there.
 */
export interface HostFacts {
  networks: Result<HostNetworks>;
  bmc: Result<BmcAccess>;
  pending?: true;
}

const NOT_READ = { ok: false, error: 'its Secrets are not read yet' } as const;
const PENDING: HostFacts = { networks: NOT_READ, bmc: NOT_READ, pending: true };

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

/** The networkData and BMC credentials Secrets a host names, as [namespace, name]; undefined if none. */
function secretRefs(host: BareMetalHost): [[string, string] | undefined, [string, string] | undefined] {
  const namespace = host.metadata.namespace ?? '';
  const network = host.spec.networkData;
  const bmc = host.spec.bmc?.credentialsName;
  return [
    network?.name ? [network.namespace ?? namespace, network.name] : undefined,
    bmc ? [namespace, bmc] : undefined,
  ];
}

/**
 * The host's facts; PENDING when `pending` says a Secret it names is still to be read (both are asked,
 * so that both are fetched in one round).
 */
export function readHostFacts(
  host: BareMetalHost,
  secrets: SecretLookup,
  pending?: SecretPending,
): HostFacts {
  const refs = secretRefs(host);
  if (pending && refs.filter((ref) => ref && pending(...ref)).length > 0) return PENDING;
  const [networkSecret, bmcSecret] = refs.map((ref) => (ref ? secrets(...ref) : undefined));
  const known = remembered.get(host);
  if (known && known.networkSecret === networkSecret && known.bmcSecret === bmcSecret) return known.facts;
  const facts = { networks: readHostNetworks(host, secrets), bmc: readBmcAccess(host, secrets) };
  remembered.set(host, { networkSecret, bmcSecret, facts });
  return facts;
}

/**
 * Why a host cannot serve a role, or undefined when it can (or may: its Secrets are still to be read).
 * `networkIds` are the nodeInterfaceIds of the services that will use this host (the jump host for
 * every role, each load balancer for its own role), and every one must resolve; upstream checked only
 * the first service's. BMC access is needed for every host, as upstream: the jump host's power helper
 * lists them all.
 */
export function hostProblem(facts: HostFacts, networkIds: readonly string[]): string | undefined {
  if (facts.pending) return undefined;
  if (!facts.networks.ok) return facts.networks.error;
  for (const networkId of networkIds) {
    const address = addressOnNetwork(facts.networks.value, networkId);
    if (!address.ok) return address.error;
  }
  if (!facts.bmc.ok) return facts.bmc.error;
  return undefined;
}
