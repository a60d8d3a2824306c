import { randomBytes } from 'node:crypto';
import type * as Bcrypt from '@node-rs/bcrypt';
import type { V1Secret } from '@kubernetes/client-node';
import type { Ironic } from '../../types/crds/ironic';
import type { IronicDatabase } from '../../types/crds/ironic-database';
import { fail, ok, type Result } from '../common/result';
import { secretText } from '../common/secret-data';
import { controllerReferenceOf, GENERATED_SECRET_LABEL } from './ironic-names';

let bcryptModule: Promise<typeof Bcrypt> | undefined;
/** Loaded on the first hash, not at start: its native addon is 4–5 MiB of RSS a process without Ironic never needs. */
const loadBcrypt = () => (bcryptModule ??= import('@node-rs/bcrypt'));

export const USERNAME_KEY = 'username';
export const PASSWORD_KEY = 'password';
export const HTPASSWD_KEY = 'htpasswd';

/** Upstream's bcrypt cost (Go's bcrypt.DefaultCost). */
const BCRYPT_COST = 10;
/** What httpd and Ironic's own auth accept without doubt; users are also written into htpasswd lines. */
const USERNAME = /^[A-Za-z0-9._-]+$/;
export const MIN_PASSWORD_LENGTH = 16;

export interface Credentials {
  username: string;
  password: string;
}

/** 32 characters from [A-Za-z0-9-_] (24 random bytes in base64url), as upstream. */
export function generatePassword(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * One htpasswd line; $2y$ is the prefix Apache documents for bcrypt. Hashed on libuv's thread pool:
 * bcrypt is slow on purpose, and a synchronous hash held every other reconcile of the process.
 */
export async function htpasswdEntry({ username, password }: Credentials): Promise<string> {
  const { hash } = await loadBcrypt();
  return `${username}:${await hash(password, { cost: BCRYPT_COST, version: '2y' })}`;
}

/** Whether an htpasswd line still belongs to these credentials (the hash is salted, so verify). */
export async function htpasswdMatches(
  entry: string | undefined,
  { username, password }: Credentials,
): Promise<boolean> {
  if (entry === undefined) return false;
  const line = entry.trim();
  const colon = line.indexOf(':');
  if (colon < 0 || line.slice(0, colon) !== username) return false;
  const { verify } = await loadBcrypt();
  try {
    return await verify(password, line.slice(colon + 1));
  } catch {
    // Not a bcrypt hash at all (e.g. an MD5 line written by hand): replace it.
    return false;
  }
}

/** username and password of a credentials Secret, whitespace-trimmed as upstream reads them. */
export function readCredentials(secret: V1Secret, what: string): Result<Credentials> {
  const name = secret.metadata?.name ?? '';
  const username = secretText(secret, USERNAME_KEY)?.trim() ?? '';
  const password = secretText(secret, PASSWORD_KEY)?.trim() ?? '';
  if (username === '' || password === '') {
    return fail(`${what} Secret ${name} needs non-empty ${USERNAME_KEY} and ${PASSWORD_KEY} keys`);
  }
  if (!USERNAME.test(username)) {
    return fail(`${what} Secret ${name}: the username may contain only letters, digits, ".", "-" and "_"`);
  }
  return ok({ username, password });
}

/**
 * A generated credentials Secret: basic-auth, owned by (and deleted with) its owner; with the
 * htpasswd line of these credentials when one is given (Ironic's API credentials need it).
 */
export function generatedCredentialsSecret(
  owner: Ironic | IronicDatabase,
  name: string,
  credentials: Credentials,
  htpasswd?: string,
): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'kubernetes.io/basic-auth',
    metadata: {
      name,
      namespace: owner.metadata.namespace ?? '',
      labels: { [GENERATED_SECRET_LABEL]: 'true' },
      ownerReferences: [controllerReferenceOf(owner)],
    },
    stringData: {
      [USERNAME_KEY]: credentials.username,
      [PASSWORD_KEY]: credentials.password,
      ...(htpasswd === undefined ? {} : { [HTPASSWD_KEY]: htpasswd }),
    },
  };
}
