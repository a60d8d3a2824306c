import { describe, expect, it } from 'vitest';
import { rememberedUntil, sessionIsLive, TOUCH_INTERVAL_MS, type SessionPolicy } from './session-policy';

const policy: SessionPolicy = { idleMs: 10 * 60_000, absoluteMs: 60 * 60_000 };
const at = (ms: number) => new Date(Date.parse('2026-11-28T00:00:00Z') + ms);

describe('sessionIsLive', () => {
  it.each([
    ['used a minute ago', { lastSeenAt: at(0), expiresAt: at(3_600_000), revokedAt: null }, at(60_000), true],
    ['revoked', { lastSeenAt: at(0), expiresAt: at(3_600_000), revokedAt: at(1) }, at(60_000), false],
    [
      'idle for the idle time',
      { lastSeenAt: at(0), expiresAt: at(3_600_000), revokedAt: null },
      at(600_000),
      false,
    ],
    ['at its absolute end', { lastSeenAt: at(0), expiresAt: at(60_000), revokedAt: null }, at(60_000), false],
  ])('%s → %s', (_, session, now, live) => {
    expect(sessionIsLive(session, policy, now)).toBe(live);
  });
});

describe('rememberedUntil', () => {
  it.each([
    ['the memory time, for a session just written', at(0), at(3_600_000), at(0), 5_000],
    ['its next lastSeenAt write', at(0), at(3_600_000), at(TOUCH_INTERVAL_MS - 2_000), TOUCH_INTERVAL_MS],
    ['its absolute end', at(0), at(1_000), at(0), 1_000],
  ])('ends at %s', (_, lastSeenAt, expiresAt, now, until) => {
    expect(rememberedUntil({ lastSeenAt, expiresAt }, policy, now, 5_000)).toBe(at(until).getTime());
  });

  it('ends at the idle end when that comes first', () => {
    const shortIdle = { idleMs: 3_000, absoluteMs: 60 * 60_000 };
    expect(rememberedUntil({ lastSeenAt: at(0), expiresAt: at(3_600_000) }, shortIdle, at(0), 5_000)).toBe(
      at(3_000).getTime(),
    );
  });
});
