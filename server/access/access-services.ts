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
import type { GroupRoles } from './group-roles';
import { OidcSignIn } from './oidc-signin';
import type { OidcSettings } from './oidc-settings';

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
  /** Whether local passwords are accepted, and the OpenID provider with its group mapping when configured. */
  signInMethods: SignInMethods;
}

export interface SignInMethods {
  local: boolean;
  oidc?: { flow: OidcSignIn; groupRoles: GroupRoles };
}

/** The path the provider sends the browser back to, under the console's public URL. */
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

export interface AccessOptions {
  log: (line: string) => void;
  refusedAuditRates: RefusedAuditRates;
  signinLimits?: SigninLimits;
  policy?: SessionPolicy;
  /** Sign-in through an OpenID provider; `publicUrl` is where its callback is reached. */
  oidc?: { settings: OidcSettings; publicUrl: string };
  /** Local passwords accepted (the default). */
  localSignIn?: boolean;
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
    signInMethods: {
      local: options.localSignIn ?? true,
      oidc: options.oidc && {
        flow: new OidcSignIn({
          settings: options.oidc.settings,
          redirectUri: new URL(OIDC_CALLBACK_PATH, options.oidc.publicUrl).href,
        }),
        groupRoles: options.oidc.settings.groupRoles,
      },
    },
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
