import { createHash } from 'node:crypto';
import type { DbClient } from '../db/client';
import { Prisma } from '../db/generated/client';
import { bindingsToStore, type RoleBinding } from './role-bindings';
import type { OidcIdentity } from './oidc-signin';
import type { SessionStore } from './sessions';

const USERNAME_MAX = 63;

type Account = { userId: string; username: string };

/** What an account is found and named by. */
type AccountIdentity = Pick<OidcIdentity, 'issuer' | 'subject' | 'name'>;

/** The provider's name for the user in the console's username alphabet (create-user.schema.ts). */
export function usernameFrom(name: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, USERNAME_MAX);
  return cleaned.length >= 2 ? cleaned : `user-${cleaned}`;
}

/** A name taken by another account gets a suffix only this issuer and subject produce. */
function distinctUsername(identity: AccountIdentity): string {
  const suffix = createHash('sha256')
    .update(`${identity.issuer}\n${identity.subject}`)
    .digest('hex')
    .slice(0, 8);
  return `${usernameFrom(identity.name).slice(0, USERNAME_MAX - 9)}-${suffix}`;
}

function accountWhere(identity: Pick<OidcIdentity, 'issuer' | 'subject'>) {
  return { oidcIssuer_oidcSubject: { oidcIssuer: identity.issuer, oidcSubject: identity.subject } };
}

/** The role and bindings as the users table keeps them (role-bindings.ts). */
function storedGrant(bindings: readonly RoleBinding[]) {
  const { role, bindings: stored } = bindingsToStore(bindings);
  return { role, bindings: stored ?? Prisma.DbNull };
}

/**
 * The bindings the groups gave now; changed ones close the user's open sockets, as an admin's change
 * does, so no live view goes on showing what the user may no longer see.
 */
async function withBindings(
  db: DbClient,
  sessions: SessionStore,
  account: { id: string; username: string; role: string; bindings: unknown },
  bindings: readonly RoleBinding[],
): Promise<Account> {
  const wanted = bindingsToStore(bindings);
  if (account.role !== wanted.role || JSON.stringify(account.bindings) !== JSON.stringify(wanted.bindings)) {
    await db.user.update({ where: { id: account.id }, data: storedGrant(bindings) });
    await sessions.revokeSockets(account.id);
  }
  return { userId: account.id, username: account.username };
}

async function createAccount(
  db: DbClient,
  identity: AccountIdentity,
  bindings: readonly RoleBinding[],
): Promise<Account> {
  const wanted = usernameFrom(identity.name);
  const taken = await db.user.findUnique({ where: { username: wanted }, select: { id: true } });
  const created = await db.user.create({
    data: {
      username: taken ? distinctUsername(identity) : wanted,
      ...storedGrant(bindings),
      passwordHash: null,
      oidcIssuer: identity.issuer,
      oidcSubject: identity.subject,
    },
    select: { id: true, username: true },
  });
  return { userId: created.id, username: created.username };
}

/**
 * The account of a user the provider vouched for: found by issuer and subject (never by name, which a
 * provider may reuse), created at the first sign-in without a password, its role bindings set from the
 * groups at every sign-in.
 */
export async function upsertOidcAccount(
  db: DbClient,
  sessions: SessionStore,
  identity: AccountIdentity,
  bindings: readonly RoleBinding[],
): Promise<Account> {
  const select = { id: true, username: true, role: true, bindings: true } as const;
  const existing = await db.user.findUnique({ where: accountWhere(identity), select });
  if (existing) return withBindings(db, sessions, existing, bindings);
  try {
    return await createAccount(db, identity, bindings);
  } catch (error) {
    // Two first sign-ins of one user at once (two tabs, a double click): the other's insert won the
    // unique issuer and subject, and its account is this user's too.
    const made = await db.user.findUnique({ where: accountWhere(identity), select });
    if (!made) throw error;
    return withBindings(db, sessions, made, bindings);
  }
}

/**
 * A user the provider vouched for whose groups grant no role: sessions they still hold end, since the
 * provider no longer puts them in a group that gives access.
 */
export async function revokeUnmappedOidcAccount(
  db: DbClient,
  sessions: SessionStore,
  identity: AccountIdentity,
): Promise<void> {
  const existing = await db.user.findUnique({ where: accountWhere(identity), select: { id: true } });
  if (existing) await sessions.revokeForUser(existing.id);
}

/**
 * Ends every session of the account the provider named in a back-channel logout (a user removed or
 * disabled there); their sockets close with the sessions. The account's name, or null when the
 * provider's user never signed in here.
 */
export async function endOidcAccountSessions(
  db: DbClient,
  sessions: SessionStore,
  identity: Pick<OidcIdentity, 'issuer' | 'subject'>,
): Promise<string | null> {
  const account = await db.user.findUnique({
    where: accountWhere(identity),
    select: { id: true, username: true },
  });
  if (!account) return null;
  await sessions.revokeForUser(account.id);
  return account.username;
}
