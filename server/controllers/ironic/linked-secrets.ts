import type { V1Secret } from '@kubernetes/client-node';
import { fail, ok, type Result } from '../common/result';
import type { SecretLookup } from '../common/secret-data';
import { readCredentials, type Credentials } from './credentials';

const TLS_TYPE = 'kubernetes.io/tls';

/** A kubernetes.io/tls Secret with a certificate and a key, or why the reference is unusable. */
export function readTlsSecret(lookup: SecretLookup, namespace: string, name: string): Result<V1Secret> {
  const secret = lookup(namespace, name);
  if (!secret) return fail(`TLS Secret ${name} not found in namespace ${namespace}`);
  if (secret.type !== TLS_TYPE) {
    return fail(`Secret ${name} is of type ${secret.type ?? 'Opaque'}, not ${TLS_TYPE}`);
  }
  for (const key of ['tls.crt', 'tls.key']) {
    if (!secret.data?.[key]) return fail(`TLS Secret ${name} has no ${key}`);
  }
  return ok(secret);
}

/** A credentials Secret with username and password. */
export function readCredentialsSecret(
  lookup: SecretLookup,
  namespace: string,
  name: string,
  what: string,
): Result<{ secret: V1Secret; credentials: Credentials }> {
  const secret = lookup(namespace, name);
  if (!secret) return fail(`${what} Secret ${name} not found in namespace ${namespace}`);
  const credentials = readCredentials(secret, what);
  return credentials.ok ? ok({ secret, credentials: credentials.value }) : credentials;
}
