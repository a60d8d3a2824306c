import type { DbClient } from '../db/client';
import { parseCookies } from '../http/cookies';
import type { Principal } from './access-rules';
import { Accounts } from './accounts';
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
}

export function createAccessServices(
  db: DbClient,
  {
    policy,
    signinLimits = DEFAULT_SIGNIN_LIMITS,
  }: { policy?: SessionPolicy; signinLimits?: SigninLimits } = {},
): AccessServices {
  const revocations = new Revocations();
  const sessions = new SessionStore(db, revocations, policy);
  const signinThrottle = new SigninThrottle(db, signinLimits);
  return {
    revocations,
    sessions,
    screens: new ScreenTokens(db, revocations),
    accounts: new Accounts(db, sessions, signinThrottle),
    signinThrottle,
  };
}

/** Who sent a request, from its cookies: a user session first, else a wall screen. */
export async function principalFromCookies(
  access: AccessServices,
  cookieHeader: string | undefined,
): Promise<Principal | null> {
  const cookies = parseCookies(cookieHeader);
  const session = cookies.get(SESSION_COOKIE);
  if (session) {
    const user = await access.sessions.resolve(session);
    if (user) return user;
  }
  const screen = cookies.get(SCREEN_COOKIE);
  return screen ? access.screens.resolve(screen) : null;
}

/** The id under which a principal's sockets are tracked and revoked. */
export function principalSessionId(principal: Principal): string {
  return principal.kind === 'user' ? principal.sessionId : principal.screenSessionId;
}
