import type { DbClient } from '../db/client';
import { cookieName, parseCookies } from '../lib/cookies';
import type { Principal } from './access-rules';
import { Accounts } from './accounts';
import { AuditLog } from './audit-log';
import type { RefusedAuditRates } from './refused-audit-limit';
import { Revocations } from './revocations';
import { ScreenTokens } from './screen-tokens';
import { SessionStore } from './sessions';
import type { SessionPolicy } from './session-policy';
import { DEFAULT_SIGNIN_LIMITS, type SigninLimits } from './signin-limits';
import { SigninThrottle } from './signin-throttle';

export const SESSION_COOKIE = 'rp_session';
export const SCREEN_COOKIE = 'rp_screen';

/** Everything sign-in related one server process holds. */
export interface AccessServices {
  revocations: Revocations;
  sessions: SessionStore;
  screens: ScreenTokens;
  accounts: Accounts;
  /** Failed password checks per username and per client address (bad screen tokens: per address). */
  signinThrottle: SigninThrottle;
  audit: AuditLog;
}

export interface AccessOptions {
  log: (line: string) => void;
  refusedAuditRates: RefusedAuditRates;
  signinLimits?: SigninLimits;
  policy?: SessionPolicy;
}

export function createAccessServices(db: DbClient, options: AccessOptions): AccessServices {
  const revocations = new Revocations();
  const sessions = new SessionStore(db, revocations, options.policy);
  const signinThrottle = new SigninThrottle(db, options.signinLimits ?? DEFAULT_SIGNIN_LIMITS);
  return {
    revocations,
    sessions,
    screens: new ScreenTokens(db, revocations),
    accounts: new Accounts(db, sessions, signinThrottle),
    signinThrottle,
    audit: new AuditLog(db, options.log, options.refusedAuditRates),
  };
}

/** Who sent a request, from its cookies: a user session first, else a wall screen. */
export async function principalFromCookies(
  access: AccessServices,
  cookieHeader: string | undefined,
  secure: boolean,
): Promise<Principal | null> {
  const cookies = parseCookies(cookieHeader);
  const session = cookies.get(cookieName(SESSION_COOKIE, secure));
  if (session) {
    const user = await access.sessions.resolve(session);
    if (user) return user;
  }
  const screen = cookies.get(cookieName(SCREEN_COOKIE, secure));
  return screen ? access.screens.resolve(screen) : null;
}

/** The id under which a principal's sockets are tracked and revoked. */
export function principalSessionId(principal: Principal): string {
  return principal.kind === 'user' ? principal.sessionId : principal.screenSessionId;
}
