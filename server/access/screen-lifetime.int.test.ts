import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient, type DbClient } from '../db/client';
import { Revocations } from './revocations';
import { ScreenTokens } from './screen-tokens';

const id = randomBytes(3).toString('hex');
const meta = { clientIp: '127.0.0.1', userAgent: 'test' };
const DAY_MS = 24 * 60 * 60 * 1000;
let db: DbClient;

beforeAll(() => {
  db = createDbClient(process.env.DATABASE_URL ?? '');
});

afterAll(async () => {
  await db.screenToken.deleteMany({ where: { name: { startsWith: `lifetime-${id}` } } });
  await db.$disconnect();
});

describe('a screen session (store against the real database)', () => {
  it('lives until its token is revoked, however long it is off or on', async () => {
    const clock = { now: new Date('2026-12-01T00:00:00Z') };
    const revoked: string[] = [];
    const revocations = new Revocations();
    revocations.subscribe((ids) => revoked.push(...ids));
    const screens = new ScreenTokens(db, revocations, () => clock.now);
    const minted = await screens.mint(`lifetime-${id}`, 'admin');
    const screen = await screens.exchange(minted.token, meta);
    const cookie = screen?.cookieToken ?? '';

    // Off for a year, then on every day for three more: no idle or absolute end.
    clock.now = new Date(clock.now.getTime() + 365 * DAY_MS);
    expect(await screens.resolve(cookie)).toMatchObject({ kind: 'screen', name: `lifetime-${id}` });
    for (let day = 0; day < 3 * 365; day += 30) {
      clock.now = new Date(clock.now.getTime() + 30 * DAY_MS);
      expect(await screens.resolve(cookie), `day ${day}`).not.toBeNull();
    }

    expect(await screens.revoke(minted.id)).toBe(true);
    expect(await screens.resolve(cookie)).toBeNull();
    expect(revoked).toHaveLength(1);
  });

  it('keeps the most recently seen screens of a token opened again and again, within its limit', async () => {
    const clock = { now: new Date('2026-12-01T00:00:00Z') };
    const revoked: string[] = [];
    const revocations = new Revocations();
    revocations.subscribe((ids) => revoked.push(...ids));
    const screens = new ScreenTokens(db, revocations, () => clock.now, 3);
    const minted = await screens.mint(`lifetime-${id}-kiosk`, 'admin');
    const cookies: string[] = [];
    const boot = async () => {
      clock.now = new Date(clock.now.getTime() + DAY_MS);
      cookies.push((await screens.exchange(minted.token, meta))?.cookieToken ?? '');
    };
    for (let count = 0; count < 3; count += 1) await boot();
    // The first screen is still in use; the second and third were opened once and left.
    clock.now = new Date(clock.now.getTime() + DAY_MS);
    expect(await screens.resolve(cookies[0] ?? '')).not.toBeNull();
    await boot();
    await boot();

    expect(await db.screenSession.count({ where: { tokenId: minted.id } })).toBe(3);
    expect(revoked).toHaveLength(2);
    const live = await Promise.all(cookies.map(async (cookie) => (await screens.resolve(cookie)) !== null));
    expect(live).toEqual([true, false, false, true, true]);
  });
});
