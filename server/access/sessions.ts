import type { DbClient } from '../db/client';
import { ExpiringCache } from '../lib/expiring-cache';
import type { Principal, Role } from './access-rules';
import { storedBindings } from './role-bindings';
import { hashSecretToken, newSecretToken } from './secret-token';
import {
  DEFAULT_SESSION_POLICY,
  rememberedUntil,
  sessionIsLive,
  TOUCH_INTERVAL_MS,
  type SessionPolicy,
} from './session-policy';
import type { Revocations } from './revocations';

interface SessionOfUser {
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  userId: string;
  username: string;
  role: Role;
  oidcSubject: string | null;
  bindings: unknown;
}

export interface ClientMeta {
  clientIp: string;
  userAgent: string;
}

type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/**
 * How long a session found live answers from memory. A revocation or change of rights made in this
 * process drops it at once; one made by another replica (or in the database by hand) is seen within this
 * time, as open sockets see it within their re-check (docs/decisions.md, "Sessions answered from memory
 * for five seconds").
 */
export const SESSION_MEMORY_MS = 5_000;

/** Sessions held in memory at most: far more than the users of one console. */
const SESSION_MEMORY_ENTRIES = 10_000;

/** Browser sessions in PostgreSQL: the cookie holds a random token, the table only its hash. */
export class SessionStore {
  private readonly live: ExpiringCache<string, UserPrincipal>;
  /** Counts revocations, so a lookup that a revocation overtook does not keep what it read. */
  private revocationCount = 0;

  constructor(
    private readonly db: DbClient,
    private readonly revocations: Revocations,
    readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.live = new ExpiringCache(SESSION_MEMORY_ENTRIES, () => this.now().getTime());
    revocations.subscribe((ids) => {
      this.revocationCount++;
      for (const id of ids) this.live.delete(id);
    });
  }

  /** For the bounded-cache metrics: sessions held in memory, and those dropped for the limit. */
  get memory(): { size: () => number; evictions: () => number } {
    return { size: () => this.live.size, evictions: () => this.live.evictions };
  }

  async create(userId: string, meta: ClientMeta): Promise<{ token: string; expiresAt: Date }> {
    const token = newSecretToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.policy.absoluteMs);
    await this.db.session.create({
      data: {
        id: hashSecretToken(token),
        userId,
        lastSeenAt: now,
        expiresAt,
        clientIp: meta.clientIp,
        userAgent: meta.userAgent.slice(0, 300),
      },
    });
    return { token, expiresAt };
  }

  /**
   * The signed-in user behind a cookie token, or null when the session is unknown, revoked or expired.
   * Every request asks this: a session found live is answered from memory for a few seconds (never past
   * its own end or its next lastSeenAt write), and otherwise it is one written-out query, since Prisma
   * compiles each of its queries anew, which under load cost more CPU than the round trip itself.
   */
  async resolve(token: string): Promise<Principal | null> {
    const id = hashSecretToken(token);
    const remembered = this.live.get(id);
    if (remembered) return remembered;
    const revocationsBefore = this.revocationCount;
    const [session] = await this.db.$queryRaw<SessionOfUser[]>`
      SELECT s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt", s.revoked_at AS "revokedAt",
             u.id AS "userId", u.username, u.role::text AS role, u.bindings,
             u.oidc_subject AS "oidcSubject"
        FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = ${id}`;
    const now = this.now();
    if (!session || !sessionIsLive(session, this.policy, now)) return null;
    let lastSeenAt = session.lastSeenAt;
    if (now.getTime() - lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await this.db.session.update({ where: { id }, data: { lastSeenAt: now } });
      lastSeenAt = now;
    }
    const principal: UserPrincipal = {
      kind: 'user',
      userId: session.userId,
      username: session.username,
      role: session.role,
      bindings: storedBindings(session.role, session.bindings),
      sessionId: id,
      ...(session.oidcSubject ? { oidcSubject: session.oidcSubject } : {}),
    };
    if (this.revocationCount === revocationsBefore) {
      const until = rememberedUntil({ ...session, lastSeenAt }, this.policy, now, SESSION_MEMORY_MS);
      this.live.set(id, principal, until);
    }
    return principal;
  }

  /**
   * Of the given session ids, those still live, each with its user's role as it stands in the database
   * now (for re-checking open WebSockets: a role changed through another replica shows here).
   */
  async liveRoles(ids: string[]): Promise<Map<string, Role>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.session.findMany({
      where: { id: { in: ids } },
      select: {
        id: true,
        lastSeenAt: true,
        expiresAt: true,
        revokedAt: true,
        user: { select: { role: true } },
      },
    });
    const now = this.now();
    return new Map(
      rows.filter((row) => sessionIsLive(row, this.policy, now)).map((row) => [row.id, row.user.role]),
    );
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.session.updateMany({
      where: { id: sessionId, revokedAt: null },
      data: { revokedAt: this.now() },
    });
    this.revocations.revoke([sessionId]);
  }

  /** Ends every session of a user (password or role changed, account removed), except one if given. */
  async revokeForUser(userId: string, keepSessionId?: string): Promise<void> {
    const sessions = await this.db.session.findMany({
      where: { userId, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
      select: { id: true },
    });
    await this.db.session.updateMany({
      where: { id: { in: sessions.map((session) => session.id) } },
      data: { revokedAt: this.now() },
    });
    this.revocations.revoke(sessions.map((session) => session.id));
  }

  /** Closes the user's open WebSockets without ending the sessions: they reconnect and are checked again. */
  async revokeSockets(userId: string): Promise<void> {
    const sessions = await this.db.session.findMany({
      where: { userId, revokedAt: null },
      select: { id: true },
    });
    this.revocations.reconnect(sessions.map((session) => session.id));
  }

  async listLive(): Promise<
    {
      id: string;
      username: string;
      clientIp: string;
      userAgent: string;
      createdAt: string;
      lastSeenAt: string;
    }[]
  > {
    const now = this.now();
    const rows = await this.db.session.findMany({
      where: {
        revokedAt: null,
        expiresAt: { gt: now },
        lastSeenAt: { gt: new Date(now.getTime() - this.policy.idleMs) },
      },
      include: { user: { select: { username: true } } },
      orderBy: { lastSeenAt: 'desc' },
      take: 500,
    });
    return rows.map((row) => ({
      id: row.id,
      username: row.user.username,
      clientIp: row.clientIp,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
    }));
  }

  /** Removes sessions that can no longer be used, so the table does not grow without end. */
  async purgeDead(): Promise<number> {
    const now = this.now();
    const { count } = await this.db.session.deleteMany({
      where: {
        OR: [
          { revokedAt: { not: null } },
          { expiresAt: { lte: now } },
          { lastSeenAt: { lte: new Date(now.getTime() - this.policy.idleMs) } },
        ],
      },
    });
    return count;
  }
}
