import type { IncomingMessage, ServerResponse } from 'node:http';
import { principalFromCookies, type AccessServices } from '../access/access-services';
import type { Principal } from '../access/access-rules';
import type { DbClient } from '../db/client';
import { safeNextPath } from '../schemas/next-path';
import { AUTH_UNAVAILABLE, exchangeScreenToken, handleAuthRoute, withinAuthDeadline } from './auth-routes';
import { handleBackchannelLogout, handleOidcRoute, OIDC_BACKCHANNEL_LOGOUT_PATH } from './oidc-routes';
import { fromAllowedOrigin } from './origin-check';
import { classifyPath } from './route-class';
import { baselineHeaders, contentSecurityPolicy, newNonce } from './security-headers';
import { redirect, sendJson, sendRefusal } from './send';

/** The sign-in page, coming back to `next` afterwards (the front page needs no parameter). */
function loginPath(next: string): string {
  return next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface ConsoleHandlerDeps {
  access: AccessServices;
  db: DbClient;
  allowedOrigins: string[];
  /** The public URL is https: cookies are Secure and `__Host-` prefixed, and browsers are told to stay on https. */
  secureCookies: boolean;
  /** Where browsers reach the console (the OpenID provider's callback is under it). */
  publicUrl: string;
  /** Bound on the session lookup and on every auth route (server/http/auth-routes.ts). */
  authDeadlineMs: number;
  dev: boolean;
  log: (line: string) => void;
  next: Handler;
  trpc: Handler;
}

// The principal found for a request, handed to tRPC's createContext without a second lookup.
const principals = new WeakMap<IncomingMessage, Principal>();

export function requestPrincipal(req: IncomingMessage): Principal | null {
  return principals.get(req) ?? null;
}

export function rememberPrincipal(req: IncomingMessage, principal: Principal | null): void {
  if (principal) principals.set(req, principal);
}

/**
 * Every HTTP request passes here: security headers, then who may reach what. Pages need a signed-in
 * user (else /login), the wall also takes a screen, the API answers 401 to anonymous callers, and
 * changes must come from the console's own origin.
 */
export function createConsoleHandler(deps: ConsoleHandlerDeps): Handler {
  const page = (req: IncomingMessage, res: ServerResponse) => {
    const csp = contentSecurityPolicy(newNonce(), { dev: deps.dev, origins: deps.allowedOrigins });
    res.setHeader('content-security-policy', csp);
    // Next reads the nonce for its own inline scripts from the request's policy header.
    req.headers['content-security-policy'] = csp;
    return deps.next(req, res);
  };
  const toLogin = (res: ServerResponse, url: URL) => redirect(res, loginPath(url.pathname + url.search));

  const headers = Object.entries(baselineHeaders({ https: deps.secureCookies }));
  return async (req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Liveness answers from here, not through Next's router: a probe under load measures the event loop.
    if (url.pathname === '/api/healthz') {
      sendJson(res, 200, { status: 'ok' });
      return;
    }
    // Browsers ask for /favicon.ico whenever a page shows no icon link, as during a client-side
    // navigation; answered 404 it is an error in every operator's console. The icon is the SVG.
    if (url.pathname === '/favicon.ico') {
      res.writeHead(301, { location: '/icon.svg', 'cache-control': 'public, max-age=86400' });
      res.end();
      return;
    }
    // The provider's server posts here with no cookie and no Origin: the signed token is all it is trusted for.
    if (url.pathname === OIDC_BACKCHANNEL_LOGOUT_PATH) return handleBackchannelLogout(req, res, deps);
    const kind = classifyPath(url.pathname);
    if (kind === 'public') return deps.next(req, res);

    const found = await withinAuthDeadline(deps, 'sign-in check', () =>
      principalFromCookies(deps.access, req.headers.cookie, deps.secureCookies),
    );
    if (!found.ok) {
      sendJson(res, 503, { error: AUTH_UNAVAILABLE }, { 'retry-after': '5' });
      return;
    }
    const principal = found.value;
    rememberPrincipal(req, principal);
    const unsafeMethod = req.method !== 'GET' && req.method !== 'HEAD';
    if (unsafeMethod && !fromAllowedOrigin(req.headers, deps.allowedOrigins)) {
      sendJson(res, 403, { error: 'cross-origin request refused' });
      return;
    }

    switch (kind) {
      case 'auth':
        if (await handleOidcRoute(req, res, url.pathname, deps)) return;
        return handleAuthRoute(req, res, url.pathname, principal, deps);
      case 'trpc':
        return deps.trpc(req, res);
      case 'api':
        if (!principal) sendJson(res, 401, { error: 'sign in first' });
        else if (principal.kind === 'screen')
          sendJson(res, 403, { error: 'a wall screen may only show the wall' });
        else await deps.next(req, res);
        return;
      case 'login': {
        const next = url.searchParams.get('next');
        const safe = safeNextPath(next);
        if (principal?.kind === 'user') redirect(res, safe);
        // The page's script follows `next` after sign-in; one it would not follow is not shown to it at all.
        else if (next !== null && next !== safe) redirect(res, loginPath(safe));
        else await page(req, res);
        return;
      }
      case 'wall': {
        const token = url.searchParams.get('token');
        if (token !== null) return exchangeScreenToken(req, res, token, deps);
        if (!principal) toLogin(res, url);
        else await page(req, res);
        return;
      }
      case 'page':
        if (!principal) toLogin(res, url);
        else if (principal.kind === 'screen') sendRefusal(res, 403, 'A wall screen may only show the wall.');
        else await page(req, res);
        return;
    }
  };
}
