import type { IncomingMessage, ServerResponse } from 'node:http';
import { principalFromCookies, type AccessServices } from '../access/access-services';
import type { Principal } from '../access/access-rules';
import type { DbClient } from '../db/client';
import { exchangeScreenToken, handleAuthRoute } from './auth-routes';
import { fromAllowedOrigin } from './origin-check';
import { classifyPath } from './route-class';
import { baselineHeaders, contentSecurityPolicy, newNonce } from './security-headers';
import { redirect, sendJson, sendRefusal } from './send';

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface ConsoleHandlerDeps {
  access: AccessServices;
  db: DbClient;
  allowedOrigins: string[];
  /** The public URL is https: cookies are Secure and `__Host-` prefixed, and browsers are told to stay on https. */
  secureCookies: boolean;
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
  const toLogin = (res: ServerResponse, url: URL) =>
    redirect(res, `/login?next=${encodeURIComponent(url.pathname + url.search)}`);

  const headers = Object.entries(baselineHeaders({ https: deps.secureCookies }));
  return async (req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const kind = classifyPath(url.pathname);
    if (kind === 'public') return deps.next(req, res);

    let principal: Principal | null;
    try {
      principal = await principalFromCookies(deps.access, req.headers.cookie, deps.secureCookies);
    } catch (error) {
      deps.log(`sign-in check failed: ${error instanceof Error ? error.message : String(error)}`);
      sendJson(res, 503, { error: 'sign-in is unavailable: the database does not answer' });
      return;
    }
    rememberPrincipal(req, principal);
    const unsafeMethod = req.method !== 'GET' && req.method !== 'HEAD';
    if (unsafeMethod && !fromAllowedOrigin(req.headers, deps.allowedOrigins)) {
      sendJson(res, 403, { error: 'cross-origin request refused' });
      return;
    }

    switch (kind) {
      case 'auth':
        return handleAuthRoute(req, res, url.pathname, principal, deps);
      case 'trpc':
        return deps.trpc(req, res);
      case 'api':
        if (!principal) sendJson(res, 401, { error: 'sign in first' });
        else if (principal.kind === 'screen')
          sendJson(res, 403, { error: 'a wall screen may only show the wall' });
        else await deps.next(req, res);
        return;
      case 'login':
        if (principal?.kind === 'user') redirect(res, '/');
        else await page(req, res);
        return;
      case 'wall': {
        const token = url.searchParams.get('token');
        if (token !== null) {
          if (!(await exchangeScreenToken(req, res, token, deps))) {
            sendRefusal(res, 401, 'This screen token is not valid or was revoked.');
          }
          return;
        }
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
