import type { ConnectionState } from '../trpc/connection-state';

/**
 * A wall tile's data counts as stale after this long without a message. The server sends at least a
 * `same` every 15 s (HEARTBEAT_MS) plus the wall's pace (up to a few seconds for a crowd of screens), so
 * a live stream never goes this long; a socket that died without closing (a pulled cable) does.
 */
export const STALE_AFTER_MS = 40_000;

/** "35 s", "4 min", "3 h 12 min", "3 d": an age readable from across the room. */
export function secondsText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d`;
}

export type Freshness =
  | { kind: 'waiting' }
  | { kind: 'live'; ageSeconds: number }
  /** `disconnected`: the socket is down; `silent`: it is up but nothing came for STALE_AFTER_MS. */
  | { kind: 'stale'; ageSeconds: number; why: 'disconnected' | 'silent' };

/** How fresh the wall's data is, from the socket's state and when the last message came. */
export function judgeFreshness(
  connection: ConnectionState,
  updatedAt: number | undefined,
  now: number,
  staleAfterMs = STALE_AFTER_MS,
): Freshness {
  if (updatedAt === undefined) return { kind: 'waiting' };
  const ageMs = Math.max(0, now - updatedAt);
  const ageSeconds = Math.floor(ageMs / 1000);
  if (connection !== 'live') return { kind: 'stale', ageSeconds, why: 'disconnected' };
  if (ageMs >= staleAfterMs) return { kind: 'stale', ageSeconds, why: 'silent' };
  return { kind: 'live', ageSeconds };
}

/** A tile's footer: "updated 3 s ago", or "stale — no data for 47 s". */
export function freshnessText(freshness: Freshness): string {
  switch (freshness.kind) {
    case 'waiting':
      return 'waiting for data…';
    case 'live':
      return `updated ${secondsText(freshness.ageSeconds)} ago`;
    case 'stale':
      return `stale — no data for ${secondsText(freshness.ageSeconds)}`;
  }
}
