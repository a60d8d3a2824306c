import { randomBytes } from 'node:crypto';
import type { EdgeProbe } from './edge-probe';
import { throwAwayName, wrongPassword } from './signin-attempts';

/** Longer than the console's default deadline (10 s), so a healthy console always makes it. */
const BOUND_MS = 15_000;

/**
 * The auth routes must answer within a bound. A probe cannot stop the database, so this only shows that
 * each route answers in time now; the regression test freezes a database to prove the 503.
 */
export const authDeadlineProbe: EdgeProbe = {
  finding: 10,
  title: 'auth routes answer when the database does not',
  needsCredentials: false,
  async run(target, signal) {
    // A cookie that names no session, so each route has to ask the database.
    const cookie = `rp_session=${randomBytes(32).toString('base64url')}`;
    const routes: [string, RequestInit][] = [
      [
        '/api/auth/login',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: target.url },
          body: JSON.stringify({ username: throwAwayName('probe-deadline'), password: wrongPassword() }),
        },
      ],
      ['/api/auth/logout', { method: 'POST', headers: { origin: target.url, cookie } }],
      ['/api/auth/session', { headers: { cookie } }],
    ];
    const unanswered: string[] = [];
    const statuses: string[] = [];
    for (const [path, init] of routes) {
      try {
        const response = await fetch(`${target.url}${path}`, {
          ...init,
          signal: AbortSignal.any([signal, AbortSignal.timeout(BOUND_MS)]),
        });
        await response.body?.cancel();
        statuses.push(`${path} ${response.status}`);
      } catch (error) {
        if (signal.aborted) throw error;
        unanswered.push(path);
      }
    }
    return {
      held: unanswered.length === 0,
      detail:
        unanswered.length > 0
          ? `no answer within ${BOUND_MS / 1000} s from ${unanswered.join(', ')}`
          : `each auth route answered within ${BOUND_MS / 1000} s (${statuses.join(', ')}); the probe cannot stop the database, the regression test does`,
    };
  },
};
