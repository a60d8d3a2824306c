/** How long a browser session lasts: it ends after IDLE_MS without a request or ABSOLUTE_MS after sign-in. */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 4 * 60 * 60 * 1000,
  absoluteMs: 24 * 60 * 60 * 1000,
};

/** lastSeenAt is written at most this often, so a busy tab does not cost a write per request. */
export const TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionTimes {
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export function sessionIsLive(session: SessionTimes, policy: SessionPolicy, now: Date): boolean {
  if (session.revokedAt) return false;
  if (now.getTime() >= session.expiresAt.getTime()) return false;
  return now.getTime() - session.lastSeenAt.getTime() < policy.idleMs;
}

/**
 * Until when a session found live may be answered from memory (ms since the epoch): `forMs` on, but
 * never past its absolute expiry, its idle end, or the time its lastSeenAt is next to be written (so
 * that write still happens on a lookup).
 */
export function rememberedUntil(
  session: { lastSeenAt: Date; expiresAt: Date },
  policy: SessionPolicy,
  now: Date,
  forMs: number,
): number {
  const lastSeen = session.lastSeenAt.getTime();
  return Math.min(
    now.getTime() + forMs,
    session.expiresAt.getTime(),
    lastSeen + policy.idleMs,
    lastSeen + TOUCH_INTERVAL_MS,
  );
}
