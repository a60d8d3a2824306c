import { createHash } from 'node:crypto';
import type { DbClient } from '../db/client';
import type { Role } from './access-rules';
import type { OidcIdentity } from './oidc-signin';
import type { SessionStore } from './sessions';

const USERNAME_MAX = 63;

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
function distinctUsername(identity: OidcIdentity): string {
  const suffix = createHash('sha256')
    .update(`${identity.issuer}\n${identity.subject}`)
    .digest('hex')
    .slice(0, 8);
  return `${usernameFrom(identity.name).slice(0, USERNAME_MAX - 9)}-${suffix}`;
}

/**
 * The account of a user the provider vouched for: found by issuer and subject (never by name, which a
 * provider may reuse), created at the first sign-in without a password, its role set from the groups at
 * every sign-in. A role that changed closes the user's open sockets, as an admin's change does.
 */
export async function upsertOidcAccount(
  db: DbClient,
  sessions: SessionStore,
  identity: OidcIdentity,
  role: Role,
): Promise<{ userId: string; username: string }> {
  const where = { oidcIssuer_oidcSubject: { oidcIssuer: identity.issuer, oidcSubject: identity.subject } };
  const existing = await db.user.findUnique({ where, select: { id: true, username: true, role: true } });
  if (existing) {
    if (existing.role !== role) {
      await db.user.update({ where: { id: existing.id }, data: { role } });
      await sessions.revokeSockets(existing.id);
    }
    return { userId: existing.id, username: existing.username };
  }
  const wanted = usernameFrom(identity.name);
  const taken = await db.user.findUnique({ where: { username: wanted }, select: { id: true } });
  const created = await db.user.create({
    data: {
      username: taken ? distinctUsername(identity) : wanted,
      role,
      passwordHash: null,
      oidcIssuer: identity.issuer,
      oidcSubject: identity.subject,
    },
    select: { id: true, username: true },
  });
  return { userId: created.id, username: created.username };
}

/**
 * A user the provider vouched for whose groups grant no role: sessions they still hold end, since the
 * provider no longer puts them in a group that gives access.
 */
export async function revokeUnmappedOidcAccount(
  db: DbClient,
  sessions: SessionStore,
  identity: OidcIdentity,
): Promise<void> {
  const where = { oidcIssuer_oidcSubject: { oidcIssuer: identity.issuer, oidcSubject: identity.subject } };
  const existing = await db.user.findUnique({ where, select: { id: true } });
  if (existing) await sessions.revokeForUser(existing.id);
}
