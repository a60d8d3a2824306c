import { parseDocument } from 'yaml';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { fail, ok, type Result } from '../common/result';
import { secretText, type SecretLookup } from '../common/secret-data';

/** The Secret key BareMetalHost networkData lives under (Metal3 and upstream SIP use the same). */
export const NETWORK_DATA_KEY = 'networkData';

/**
 * The networks of one host's OpenStack network_data document: network `id` → its `ip_address`
 * (undefined for a network without a static address, e.g. type ipv4_dhcp). Only these two fields
 * matter to SIP: a service's nodeInterfaceId names the network whose address it uses.
 */
export interface HostNetworks {
  /** Where the document came from, `namespace/name`, for messages. */
  source: string;
  addresses: ReadonlyMap<string, string | undefined>;
}

/**
 * Parses network_data as JSON or YAML (upstream SIP accepts both; ViNO writes JSON, hand-written
 * samples are often YAML). JSON is tried first because JSON.parse is strict and fast; YAML is the
 * fallback and covers the rest.
 */
export function parseNetworkData(text: string): Result<ReadonlyMap<string, string | undefined>> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    const yaml = parseDocument(text);
    if (yaml.errors.length > 0) return fail('is neither JSON nor YAML');
    document = yaml.toJS();
  }
  if (!isRecord(document)) return fail('is not an object');
  const { networks } = document;
  if (!Array.isArray(networks)) return fail('has no networks list');
  const addresses = new Map<string, string | undefined>();
  for (const [index, network] of networks.entries()) {
    if (!isRecord(network) || typeof network.id !== 'string') return fail(`networks[${index}] has no id`);
    const address = network.ip_address;
    if (address !== undefined && typeof address !== 'string') {
      return fail(`networks[${index}] (${network.id}) has a non-string ip_address`);
    }
    // A duplicated id is a broken document; the first entry wins so the result does not depend on
    // how far a reader scans.
    if (!addresses.has(network.id)) addresses.set(network.id, address);
  }
  return ok(addresses);
}

/**
 * Reads the networks of a host from the Secret its spec.networkData points at. The reference's
 * namespace defaults to the host's own, as Metal3 does.
 */
export function readHostNetworks(host: BareMetalHost, secrets: SecretLookup): Result<HostNetworks> {
  const reference = host.spec.networkData;
  if (!reference?.name) return fail('no spec.networkData');
  const namespace = reference.namespace ?? host.metadata.namespace ?? '';
  const source = `${namespace}/${reference.name}`;
  const secret = secrets(namespace, reference.name);
  if (!secret) return fail(`networkData Secret ${source} not found`);
  const text = secretText(secret, NETWORK_DATA_KEY);
  if (text === undefined) return fail(`networkData Secret ${source} has no key ${NETWORK_DATA_KEY}`);
  const parsed = parseNetworkData(text);
  if (!parsed.ok) return fail(`networkData in Secret ${source} ${parsed.error}`);
  return ok({ source, addresses: parsed.value });
}

/** The address a service uses on a host: the `ip_address` of network `networkId`. */
export function addressOnNetwork(networks: HostNetworks, networkId: string): Result<string> {
  if (!networks.addresses.has(networkId)) {
    return fail(`no network ${networkId} in networkData Secret ${networks.source}`);
  }
  const address = networks.addresses.get(networkId);
  if (!address)
    return fail(`network ${networkId} in networkData Secret ${networks.source} has no ip_address`);
  return ok(address);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
