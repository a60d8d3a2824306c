import type { DbClient } from '../db/client';
import type { Principal } from './access-rules';
import type { Revocations } from './revocations';
import { hashSecretToken, newSecretToken } from './secret-token';
import { TOUCH_INTERVAL_MS } from './session-policy';
import type { ClientMeta } from './sessions';

export interface ScreenTokenView {
  id: string;
  name: string;
  createdBy: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  screens: number;
}

/**
 * Each screen that trades a token keeps at most this many siblings: a token opened again and again (a
 * kiosk that boots to its URL) would otherwise add a row each time, forever. The least recently seen go.
 */
export const SCREENS_PER_TOKEN = 100;

/**
 * Screen tokens let a TV show /wall without an account. The token is shown once when minted; a screen
 * trades it for its own cookie (a screen session) on first visit, and revoking the token ends them all.
 * A screen session has no idle or absolute end: a wall may be off for a month, or on for years.
 */
export class ScreenTokens {
  constructor(
    private readonly db: DbClient,
    private readonly revocations: Revocations,
    private readonly now: () => Date = () => new Date(),
    private readonly screensPerToken = SCREENS_PER_TOKEN,
  ) {}

  async mint(name: string, createdBy: string): Promise<{ id: string; token: string }> {
    const token = newSecretToken();
    const row = await this.db.screenToken.create({
      data: { name, createdBy, tokenHash: hashSecretToken(token) },
    });
    return { id: row.id, token };
  }

  async list(): Promise<ScreenTokenView[]> {
    const rows = await this.db.screenToken.findMany({
      orderBy: { createdAt: 'desc' },
      include: { _count: { select: { screens: true } } },
    });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      screens: row._count.screens,
    }));
  }

  /** Revokes the token and every screen that signed in with it; false when it was unknown or already revoked. */
  async revoke(id: string): Promise<boolean> {
    const { count } = await this.db.screenToken.updateMany({
      where: { id, revokedAt: null },
      data: { revokedAt: this.now() },
    });
    const screens = await this.db.screenSession.findMany({ where: { tokenId: id }, select: { id: true } });
    await this.db.screenSession.deleteMany({ where: { tokenId: id } });
    this.revocations.revoke(screens.map((screen) => screen.id));
    return count > 0;
  }

  /** Trades a token from a URL for a screen-session cookie token; null for an unknown or revoked token. */
  async exchange(token: string, meta: ClientMeta): Promise<{ cookieToken: string; name: string } | null> {
    const row = await this.db.screenToken.findUnique({ where: { tokenHash: hashSecretToken(token) } });
    if (!row || row.revokedAt) return null;
    const cookieToken = newSecretToken();
    const now = this.now();
    await this.db.$transaction([
      this.db.screenSession.create({
        data: {
          id: hashSecretToken(cookieToken),
          tokenId: row.id,
          lastSeenAt: now,
          clientIp: meta.clientIp,
          userAgent: meta.userAgent.slice(0, 300),
        },
      }),
      this.db.screenToken.update({ where: { id: row.id }, data: { lastUsedAt: now } }),
    ]);
    await this.dropBeyondLimit(row.id);
    return { cookieToken, name: row.name };
  }

  private async dropBeyondLimit(tokenId: string): Promise<void> {
    const beyond = await this.db.screenSession.findMany({
      where: { tokenId },
      orderBy: [{ lastSeenAt: 'desc' }, { createdAt: 'desc' }],
      skip: this.screensPerToken,
      select: { id: true },
    });
    if (beyond.length === 0) return;
    const ids = beyond.map((screen) => screen.id);
    await this.db.screenSession.deleteMany({ where: { id: { in: ids } } });
    this.revocations.revoke(ids);
  }

  async resolve(cookieToken: string): Promise<Principal | null> {
    const id = hashSecretToken(cookieToken);
    const screen = await this.db.screenSession.findUnique({ where: { id }, include: { token: true } });
    const now = this.now();
    if (!screen || screen.token.revokedAt) return null;
    if (now.getTime() - screen.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await this.db.$transaction([
        this.db.screenSession.update({ where: { id }, data: { lastSeenAt: now } }),
        this.db.screenToken.update({ where: { id: screen.tokenId }, data: { lastUsedAt: now } }),
      ]);
    }
    return { kind: 'screen', tokenId: screen.tokenId, name: screen.token.name, screenSessionId: id };
  }

  async liveIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.screenSession.findMany({
      where: { id: { in: ids }, token: { revokedAt: null } },
      select: { id: true },
    });
    return new Set(rows.map((row) => row.id));
  }
}
