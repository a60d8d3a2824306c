import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { SCREEN_COOKIE, SESSION_COOKIE, type AccessServices } from '../access/access-services';
import type { AuditRecord } from '../access/audit-log';
import type { Principal } from '../access/access-rules';
import type { DbClient } from '../db/client';
import { clientAddress, userAgent } from './client-address';
import { serializeCookie } from './cookies';
import { BodyTooLargeError, readBody } from './read-body';
import { sendJson } from './send';

const signInSchema = z.object({
  username: z.string().trim().min(1, 'enter a username').max(64),
  password: z.string().min(1, 'enter a password').max(1024),
});

const MAX_AUTH_BODY = 16 * 1024;
/** Browsers cap cookie lifetime at 400 days; a wall screen should not need a new token before that. */
export const SCREEN_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;

export interface AuthDeps {
  access: AccessServices;
  db: DbClient;
  secureCookies: boolean;
  log: (line: string) => void;
}

function audit(
  deps: AuthDeps,
  req: IncomingMessage,
  record: Omit<AuditRecord, 'clientIp' | 'input' | 'target'> & { target?: string },
) {
  const entry = { ...record, input: {}, target: record.target ?? null, clientIp: clientAddress(req) };
  return deps.access.audit.record(entry);
}

async function signIn(req: IncomingMessage, res: ServerResponse, deps: AuthDeps): Promise<void> {
  const ip = clientAddress(req);
  if (!deps.access.loginLimiter.allows(ip)) {
    sendJson(
      res,
      429,
      { error: 'too many sign-in attempts from this address; wait a minute' },
      { 'retry-after': '60' },
    );
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req, MAX_AUTH_BODY));
  } catch (error) {
    const tooLarge = error instanceof BodyTooLargeError;
    sendJson(res, tooLarge ? 413 : 400, { error: tooLarge ? 'request too large' : 'send JSON' });
    return;
  }
  const parsed = signInSchema.safeParse(body);
  if (!parsed.success) {
    sendJson(res, 400, { error: parsed.error.issues[0]?.message ?? 'bad request' });
    return;
  }
  const { username, password } = parsed.data;
  const result = await deps.access.accounts.checkPassword(username, password);
  if (!result.ok) {
    deps.access.loginLimiter.take(ip);
    await audit(deps, req, {
      actor: username,
      role: null,
      action: 'auth.signIn',
      result: 'denied',
      error: result.reason,
    });
    const message =
      result.reason === 'locked'
        ? 'this account is locked for 15 minutes after repeated failed sign-ins'
        : 'wrong username or password';
    sendJson(res, result.reason === 'locked' ? 423 : 401, { error: message });
    return;
  }
  const session = await deps.access.sessions.create(result.userId, {
    clientIp: ip,
    userAgent: userAgent(req),
  });
  await audit(deps, req, { actor: result.username, role: result.role, action: 'auth.signIn', result: 'ok' });
  sendJson(
    res,
    200,
    { username: result.username, role: result.role },
    {
      'set-cookie': serializeCookie(SESSION_COOKIE, session.token, {
        secure: deps.secureCookies,
        maxAgeSeconds: Math.floor(deps.access.sessions.policy.absoluteMs / 1000),
      }),
    },
  );
}

async function signOut(
  req: IncomingMessage,
  res: ServerResponse,
  deps: AuthDeps,
  principal: Principal | null,
) {
  if (principal?.kind === 'user') {
    await deps.access.sessions.revoke(principal.sessionId);
    await audit(deps, req, {
      actor: principal.username,
      role: principal.role,
      action: 'auth.signOut',
      result: 'ok',
    });
  }
  sendJson(
    res,
    200,
    { ok: true },
    {
      'set-cookie': serializeCookie(SESSION_COOKIE, '', { secure: deps.secureCookies, maxAgeSeconds: 0 }),
    },
  );
}

/** POST /api/auth/login, POST /api/auth/logout and GET /api/auth/session (who am I, for the browser). */
export async function handleAuthRoute(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  principal: Principal | null,
  deps: AuthDeps,
): Promise<void> {
  if (pathname === '/api/auth/login' && req.method === 'POST') return signIn(req, res, deps);
  if (pathname === '/api/auth/logout' && req.method === 'POST') return signOut(req, res, deps, principal);
  if (pathname === '/api/auth/session' && req.method === 'GET') {
    if (!principal) sendJson(res, 401, { error: 'not signed in' });
    else
      sendJson(
        res,
        200,
        principal.kind === 'user'
          ? { kind: 'user', username: principal.username, role: principal.role }
          : { kind: 'screen', name: principal.name },
      );
    return;
  }
  sendJson(res, 404, { error: 'no such route' });
}

/** Trades `/wall?token=…` for a screen cookie and sends the screen to the plain /wall URL. */
export async function exchangeScreenToken(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  deps: AuthDeps,
): Promise<boolean> {
  const ip = clientAddress(req);
  if (!deps.access.loginLimiter.allows(ip)) return false;
  const screen = await deps.access.screens.exchange(token, { clientIp: ip, userAgent: userAgent(req) });
  if (!screen) deps.access.loginLimiter.take(ip);
  await audit(deps, req, {
    actor: screen ? `screen:${screen.name}` : 'anonymous',
    role: null,
    action: 'wall.openScreen',
    target: screen?.name,
    result: screen ? 'ok' : 'denied',
  });
  if (!screen) return false;
  res.writeHead(302, {
    location: '/wall',
    'cache-control': 'no-store',
    'set-cookie': serializeCookie(SCREEN_COOKIE, screen.cookieToken, {
      secure: deps.secureCookies,
      maxAgeSeconds: SCREEN_COOKIE_MAX_AGE,
    }),
  });
  res.end();
  return true;
}
