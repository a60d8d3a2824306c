import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MS } from '@/server/api/live-view';
import { sharedIntervalMs } from '@/server/api/shared-live-view';
import { freshnessText, judgeFreshness, secondsText, STALE_AFTER_MS } from './wall-freshness';

const at = Date.parse('2026-12-06T12:00:00Z');

describe('secondsText', () => {
  it.each([
    [0, '0 s'],
    [-3, '0 s'],
    [3.9, '3 s'],
    [59, '59 s'],
    [60, '1 min'],
    [3599, '59 min'],
    [3600, '1 h 0 min'],
    [3 * 3600 + 12 * 60, '3 h 12 min'],
    [47 * 3600 + 59 * 60, '47 h 59 min'],
    [48 * 3600, '2 d'],
  ])('%s s reads "%s"', (seconds, text) => {
    expect(secondsText(seconds)).toBe(text);
  });
});

describe('judgeFreshness', () => {
  it('waits until the first message', () => {
    expect(judgeFreshness('connecting', undefined, at)).toEqual({ kind: 'waiting' });
    expect(judgeFreshness('live', undefined, at)).toEqual({ kind: 'waiting' });
  });

  it('is live while the socket is and messages keep coming', () => {
    expect(judgeFreshness('live', at - 3_400, at)).toEqual({ kind: 'live', ageSeconds: 3 });
    expect(judgeFreshness('live', at - STALE_AFTER_MS + 1, at)).toMatchObject({ kind: 'live' });
  });

  it('is stale at once when the socket is down, whatever the age', () => {
    for (const connection of ['connecting', 'reconnecting', 'signed-out'] as const) {
      expect(judgeFreshness(connection, at - 1_000, at)).toEqual({
        kind: 'stale',
        ageSeconds: 1,
        why: 'disconnected',
      });
    }
  });

  it('is stale when a live socket has been silent too long', () => {
    expect(judgeFreshness('live', at - STALE_AFTER_MS, at)).toEqual({
      kind: 'stale',
      ageSeconds: STALE_AFTER_MS / 1000,
      why: 'silent',
    });
    expect(judgeFreshness('live', at - 5_000, at, 5_000)).toMatchObject({ kind: 'stale', why: 'silent' });
  });

  it('reads a clock that went backwards as no age', () => {
    expect(judgeFreshness('live', at + 2_000, at)).toEqual({ kind: 'live', ageSeconds: 0 });
  });

  it('leaves room for the heartbeat at the pace of a crowd of walls (200 screens)', () => {
    expect(STALE_AFTER_MS).toBeGreaterThan(2 * (HEARTBEAT_MS + sharedIntervalMs(250, 200, 5)));
  });
});

describe('freshnessText', () => {
  it('says how old the data is, or how long none came', () => {
    expect(freshnessText({ kind: 'waiting' })).toBe('waiting for data…');
    expect(freshnessText({ kind: 'live', ageSeconds: 3 })).toBe('updated 3 s ago');
    expect(freshnessText({ kind: 'stale', ageSeconds: 47, why: 'disconnected' })).toBe(
      'stale — no data for 47 s',
    );
    expect(freshnessText({ kind: 'stale', ageSeconds: 125, why: 'silent' })).toBe(
      'stale — no data for 2 min',
    );
  });
});
