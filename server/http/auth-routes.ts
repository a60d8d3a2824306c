import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { SCREEN_COOKIE, SESSION_COOKIE, type AccessServices } from '../access/access-services';
import type { AuditRecord } from '../access/audit-log';
import { UNKNOWN_USERNAME } from '../access/accounts';
import type { Principal } from '../access/access-rules';
import type { DbClient } from '../db/client';
import { clientAddress, userAgent } from './client-address';
import { cookieName, parseCookies, serializeCookie } from '../lib/cookies';
import { BodyTooLargeError, readBody } from './read-body';
import { withDeadline } from './deadline';
import { sendJson, sendRefusal } from './send';

const signInSchema = z.object({
  username: z.string().trim().min(1, 'enter a username').max(64),
  password: z.string().min(1, 'enter a password').max(1024),
});

const MAX_AUTH_BODY = 16 * 1024;
/**
 * Browsers cap a cookie's life at 400 days, so a screen's cookie is set for that long and set again each
 * time the wall asks the session route who it is (daily): only revoking the token ends a screen.
 */
export const SCREEN_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;

export interface AuthDeps {
  access: AccessServices;
  db: DbClient;
  secureCookies: boolean;
  /** Where browsers reach the console: the OpenID provider sends them back under it. */
  publicUrl: string;
  /** Every auth answer, and the session lookup before it, comes within this; a 503 when the database lags. */
  authDeadlineMs: number;
  log: (line: string) => void;
}

interface AuthReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

function screenCookieHeader(cookieToken: string, secure: boolean): string {
  return serializeCookie(SCREEN_COOKIE, cookieToken, { secure, maxAgeSeconds: SCREEN_COOKIE_MAX_AGE });
}

/** The session route's answer to a screen: who it is, with its cookie renewed for another 400 days. */
function screenSessionReply(req: IncomingMessage, name: string, secure: boolean): AuthReply {
  const cookieToken = parseCookies(req.headers.cookie).get(cookieName(SCREEN_COOKIE, secure));
  return {
    status: 200,
    body: { kind: 'screen', name },
    headers: cookieToken ? { 'set-cookie': screenCookieHeader(cookieToken, secure) } : undefined,
  };
}

export const AUTH_UNAVAILABLE = 'sign-in is unavailable: the database does not answer; try again shortly';

/**
 * The reply `work` produces within the auth deadline, or a 503 when it fails or takes longer (a slow or
 * stopped database must not leave the browser waiting with no answer).
 */
export async function withinAuthDeadline<T>(
  deps: Pick<AuthDeps, 'authDeadlineMs' | 'log'>,
  what: string,
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false }> {
  try {
    return { ok: true, value: await withDeadline(work(), deps.authDeadlineMs, what) };
  } catch (error) {
    deps.log(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    return { ok: false };
  }
}

function audit(
  deps: AuthDeps,
  req: IncomingMessage,
  record: Omit<AuditRecord, 'clientIp' | 'input' | 'target'> & { target?: string },
) {
  const entry = { ...record, input: {}, target: record.target ?? null, clientIp: clientAddress(req) };
  return deps.access.audit.record(entry);
}

function throttledMessage(scope: 'address' | 'account', seconds: number): string {
  return scope === 'address'
    ? `too many sign-in attempts from this address; try again in ${seconds} s`
    : `too many failed sign-ins for this username; try again in ${seconds} s`;
}

async function signIn(req: IncomingMessage, deps: AuthDeps): Promise<AuthReply> {
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req, MAX_AUTH_BODY));
  } catch (error) {
    const tooLarge = error instanceof BodyTooLargeError;
    return { status: tooLarge ? 413 : 400, body: { error: tooLarge ? 'request too large' : 'send JSON' } };
  }
  const parsed = signInSchema.safeParse(body);
  if (!parsed.success) {
    return { status: 400, body: { error: parsed.error.issues[0]?.message ?? 'bad request' } };
  }
  if (!deps.access.signInMethods.local) {
    return {
      status: 403,
      body: { error: 'sign-in with a password is turned off; use the identity provider' },
    };
  }
  const { username, password } = parsed.data;
  const ip = clientAddress(req);
  const result = await deps.access.accounts.signIn(username, password, ip);
  if (!result.ok) {
    // A refusal for the address alone is not audited: it would let one client write rows at will.
    if (result.reason !== 'throttled' || result.scope !== 'address') {
      await audit(deps, req, {
        actor: result.account ?? UNKNOWN_USERNAME,
        role: null,
        action: 'auth.signIn',
        result: 'denied',
        error: result.reason,
      });
    }
    // The same answer whether or not the username exists: the limits count unknown names like real ones.
    return result.reason === 'throttled'
      ? {
          status: 429,
          body: { error: throttledMessage(result.scope, result.retryAfterSeconds) },
          headers: { 'retry-after': String(result.retryAfterSeconds) },
        }
      : { status: 401, body: { error: 'wrong username or password' } };
  }
  const session = await deps.access.sessions.create(result.userId, {
    clientIp: ip,
    userAgent: userAgent(req),
  });
  await audit(deps, req, { actor: result.username, role: result.role, action: 'auth.signIn', result: 'ok' });
  return {
    status: 200,
    body: { username: result.username, role: result.role },
    headers: {
      'set-cookie': serializeCookie(SESSION_COOKIE, session.token, {
        secure: deps.secureCookies,
        maxAgeSeconds: Math.floor(deps.access.sessions.policy.absoluteMs / 1000),
      }),
    },
  };
}

/**
 * The provider's end-session URL for an account that signed in through it, when its discovery names one;
 * a provider that does not answer leaves only the console's own sign-out, never blocks it.
 */
async function providerSignOut(deps: AuthDeps, userId: string): Promise<string | undefined> {
  const oidc = deps.access.signInMethods.oidc;
  if (!oidc) return undefined;
  const user = await deps.db.user.findUnique({ where: { id: userId }, select: { oidcIssuer: true } });
  if (!user?.oidcIssuer) return undefined;
  return oidc.flow.endSessionUrl().catch((error: unknown) => {
    deps.log(`no end-session URL: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  });
}

/** What the sign-in page offers: passwords, the identity provider, or both. */
function signInMethods(deps: AuthDeps): AuthReply {
  const { local, oidc } = deps.access.signInMethods;
  return { status: 200, body: { local, oidc: oidc ? { name: oidc.flow.providerName } : null } };
}

async function signOut(
  req: IncomingMessage,
  deps: AuthDeps,
  principal: Principal | null,
): Promise<AuthReply> {
  let endSessionUrl: string | undefined;
  if (principal?.kind === 'user') {
    endSessionUrl = await providerSignOut(deps, principal.userId);
    await deps.access.sessions.revoke(principal.sessionId);
    await audit(deps, req, {
      actor: principal.username,
      role: principal.role,
      action: 'auth.signOut',
      result: 'ok',
    });
  }
  return {
    status: 200,
    body: { ok: true, ...(endSessionUrl ? { endSessionUrl } : {}) },
    headers: {
      'set-cookie': serializeCookie(SESSION_COOKIE, '', { secure: deps.secureCookies, maxAgeSeconds: 0 }),
    },
  };
}

function authReply(
  req: IncomingMessage,
  pathname: string,
  principal: Principal | null,
  deps: AuthDeps,
): Promise<AuthReply> | AuthReply {
  if (pathname === '/api/auth/login' && req.method === 'POST') return signIn(req, deps);
  if (pathname === '/api/auth/logout' && req.method === 'POST') return signOut(req, deps, principal);
  if (pathname === '/api/auth/methods' && req.method === 'GET') return signInMethods(deps);
  if (pathname === '/api/auth/session' && req.method === 'GET') {
    if (!principal) return { status: 401, body: { error: 'not signed in' } };
    if (principal.kind === 'screen') return screenSessionReply(req, principal.name, deps.secureCookies);
    return { status: 200, body: { kind: 'user', username: principal.username, role: principal.role } };
  }
  return { status: 404, body: { error: 'no such route' } };
}

/**
 * POST /api/auth/login, POST /api/auth/logout, GET /api/auth/session (who am I, for the browser) and
 * GET /api/auth/methods (how one may sign in).
 */
export async function handleAuthRoute(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  principal: Principal | null,
  deps: AuthDeps,
): Promise<void> {
  const reply = await withinAuthDeadline(deps, `${req.method ?? ''} ${pathname}`, async () =>
    authReply(req, pathname, principal, deps),
  );
  if (reply.ok) sendJson(res, reply.value.status, reply.value.body, reply.value.headers);
  else sendJson(res, 503, { error: AUTH_UNAVAILABLE }, { 'retry-after': '5' });
}

async function screenCookie(
  req: IncomingMessage,
  token: string,
  deps: AuthDeps,
): Promise<string | undefined> {
  const ip = clientAddress(req);
  const gate = await deps.access.signinThrottle.reserveAddress(ip);
  if (!gate.ok) return undefined;
  const screen = await deps.access.screens.exchange(token, { clientIp: ip, userAgent: userAgent(req) });
  if (screen) await deps.access.signinThrottle.addressSucceeded(ip);
  await audit(deps, req, {
    actor: screen ? `screen:${screen.name}` : 'anonymous',
    role: null,
    action: 'wall.openScreen',
    target: screen?.name,
    result: screen ? 'ok' : 'denied',
  });
  return screen?.cookieToken;
}

/** /wall with the request's query minus `name`: the wall's own settings (`rotate`) outlive the token's trade. */
export function wallPathWithout(name: string, requestUrl: string | undefined): string {
  const query = new URL(requestUrl ?? '/wall', 'http://wall.invalid').searchParams;
  query.delete(name);
  const rest = query.toString();
  return rest ? `/wall?${rest}` : '/wall';
}

/** Trades `/wall?token=…` for a screen cookie and sends the screen to /wall without the token. */
export async function exchangeScreenToken(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  deps: AuthDeps,
): Promise<void> {
  const exchanged = await withinAuthDeadline(deps, 'screen token exchange', () =>
    screenCookie(req, token, deps),
  );
  if (!exchanged.ok) {
    sendRefusal(res, 503, 'The console cannot check screen tokens right now; try again shortly.');
    return;
  }
  if (!exchanged.value) {
    sendRefusal(res, 401, 'This screen token is not valid or was revoked.');
    return;
  }
  res.writeHead(302, {
    location: wallPathWithout('token', req.url),
    'cache-control': 'no-store',
    'set-cookie': screenCookieHeader(exchanged.value, deps.secureCookies),
  });
  res.end();
}
