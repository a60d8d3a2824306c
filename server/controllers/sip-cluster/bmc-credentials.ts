import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { fail, ok, type Result } from '../common/result';
import { secretText, type SecretLookup } from '../common/secret-data';

/** What the jump host needs to power-cycle a host through its BMC. */
export interface BmcAccess {
  /** Host part of spec.bmc.address: an IP or a name, without scheme, port or path. */
  ip: string;
  username: string;
  password: string;
}

/**
 * The host part of a BMC address. Metal3 addresses are URLs whose scheme picks the driver
 * (`ipmi://10.0.0.1:623`, `redfish+https://10.0.0.1/redfish/v1/Systems/1`); a bare `host[:port]`
 * means IPMI, so it gets that scheme before parsing. The port is dropped (upstream kept it, which
 * redfishtool's -r then misread); IPv6 brackets are removed. Undefined when nothing parses.
 */
export function bmcHostOf(address: string): string | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `ipmi://${address}`;
  let hostname: string;
  try {
    hostname = new URL(withScheme).hostname;
  } catch {
    return undefined;
  }
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return bare === '' ? undefined : bare;
}

/**
 * Reads a host's BMC address and credentials. The credentials Secret is spec.bmc.credentialsName in
 * the host's namespace (Metal3 has no cross-namespace form); keys `username` and `password` must be
 * present and non-empty, as the Bare Metal Operator itself requires.
 */
export function readBmcAccess(host: BareMetalHost, secrets: SecretLookup): Result<BmcAccess> {
  const bmc = host.spec.bmc;
  if (!bmc) return fail('no spec.bmc');
  const ip = bmcHostOf(bmc.address);
  if (ip === undefined) return fail(`BMC address ${JSON.stringify(bmc.address)} has no host part`);
  const namespace = host.metadata.namespace ?? '';
  const source = `${namespace}/${bmc.credentialsName}`;
  const secret = secrets(namespace, bmc.credentialsName);
  if (!secret) return fail(`BMC credentials Secret ${source} not found`);
  const username = secretText(secret, 'username');
  const password = secretText(secret, 'password');
  const missing = [username ? undefined : 'username', password ? undefined : 'password'].filter(
    (key) => key !== undefined,
  );
  if (!username || !password) return fail(`BMC credentials Secret ${source} lacks ${missing.join(' and ')}`);
  return ok({ ip, username, password });
}
