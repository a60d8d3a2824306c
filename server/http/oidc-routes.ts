import type { IncomingMessage, ServerResponse } from 'node:http';
import { OIDC_CALLBACK_PATH, SESSION_COOKIE } from '../access/access-services';
import { bindingsForGroups, type GroupRoles } from '../access/group-roles';
import { highestRole } from '../access/role-bindings';
import {
  endOidcAccountSessions,
  revokeUnmappedOidcAccount,
  upsertOidcAccount,
} from '../access/oidc-accounts';
import { OIDC_FLOW_SECONDS, type OidcIdentity } from '../access/oidc-signin';
import { cookieName, parseCookies, serializeCookie } from '../lib/cookies';
import { safeNextPath } from '../schemas/next-path';
import { withinAuthDeadline, type AuthDeps } from './auth-routes';
import { clientAddress, userAgent } from './client-address';
import { BodyTooLargeError, readBody } from './read-body';
import { redirect, sendJson, sendRefusal } from './send';

/** The sealed sign-in flow (state, nonce, PKCE verifier, where to go after) between start and callback. */
export const OIDC_FLOW_COOKIE = 'rp_oidc';
export const OIDC_START_PATH = '/api/auth/oidc/start';
/** Where the provider posts logout tokens (OpenID Connect Back-Channel Logout 1.0); registered there. */
export const OIDC_BACKCHANNEL_LOGOUT_PATH = '/api/auth/oidc/backchannel-logout';
/** A logout token is a signed JWT of a few hundred bytes; the form around it stays far below this. */
const MAX_LOGOUT_BODY = 16 * 1024;

const PROVIDER_SILENT = 'The identity provider does not answer right now; try again shortly.';
const BACK_TO_SIGN_IN = { href: '/login', text: 'Back to the sign-in page' };

/** The page a user the provider vouched for sees when none of their groups is mapped to a role. */
export function noAccessMessage(name: string, providerName: string): string {
  return `You signed in as ${name}, but none of your groups at ${providerName} gives access to Rackpilot. Ask an administrator to add you to a group that is mapped to a Rackpilot role.`;
}

function flowCookie(deps: AuthDeps, value: string, maxAgeSeconds: number): string {
  return serializeCookie(OIDC_FLOW_COOKIE, value, { secure: deps.secureCookies, maxAgeSeconds });
}

async function start(req: IncomingMessage, res: ServerResponse, deps: AuthDeps): Promise<void> {
  const oidc = deps.access.signInMethods.oidc;
  if (!oidc) {
    sendRefusal(res, 404, 'Sign-in through an identity provider is not configured.', BACK_TO_SIGN_IN);
    return;
  }
  // Only a path on this site is kept: the callback can send the browser nowhere else.
  const next = safeNextPath(new URL(req.url ?? '/', 'http://localhost').searchParams.get('next'));
  const begun = await withinAuthDeadline(deps, 'OpenID sign-in start', () => oidc.flow.start(next));
  if (!begun.ok) {
    sendRefusal(res, 503, PROVIDER_SILENT, BACK_TO_SIGN_IN);
    return;
  }
  redirect(res, begun.value.url, {
    'set-cookie': flowCookie(deps, begun.value.sealedFlow, OIDC_FLOW_SECONDS),
  });
}

function audit(
  req: IncomingMessage,
  deps: AuthDeps,
  actor: string,
  outcome: { role: string | null; result: 'ok' | 'denied'; error?: string },
  action = 'auth.signIn',
) {
  return deps.access.audit.record({
    actor,
    role: outcome.role,
    action,
    result: outcome.result,
    error: outcome.error,
    input: { method: 'oidc' },
    target: null,
    clientIp: clientAddress(req),
  });
}

type CallbackAnswer =
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'signedIn'; sessionToken: string; returnTo: string };

async function signInIdentity(
  req: IncomingMessage,
  deps: AuthDeps,
  identity: OidcIdentity,
  groupRoles: GroupRoles,
  returnTo: string,
): Promise<CallbackAnswer> {
  const { db, access } = deps;
  const bindings = bindingsForGroups(identity.groups, groupRoles);
  const role = highestRole(bindings);
  if (!role) {
    await revokeUnmappedOidcAccount(db, access.sessions, identity);
    await audit(req, deps, identity.name, { role: null, result: 'denied', error: 'no mapped group' });
    const provider = access.signInMethods.oidc?.flow.providerName ?? 'the identity provider';
    return { kind: 'refused', status: 403, message: noAccessMessage(identity.name, provider) };
  }
  const account = await upsertOidcAccount(db, access.sessions, identity, bindings);
  const session = await access.sessions.create(account.userId, {
    clientIp: clientAddress(req),
    userAgent: userAgent(req),
  });
  await audit(req, deps, account.username, { role, result: 'ok' });
  return { kind: 'signedIn', sessionToken: session.token, returnTo: safeNextPath(returnTo) };
}

async function callbackAnswer(req: IncomingMessage, deps: AuthDeps): Promise<CallbackAnswer> {
  const oidc = deps.access.signInMethods.oidc;
  if (!oidc)
    return {
      kind: 'refused',
      status: 404,
      message: 'Sign-in through an identity provider is not configured.',
    };
  const sealed = parseCookies(req.headers.cookie).get(cookieName(OIDC_FLOW_COOKIE, deps.secureCookies));
  // Read against the public URL: the token request names the same redirect URI the sign-in started with.
  const callbackUrl = new URL(req.url ?? OIDC_CALLBACK_PATH, deps.publicUrl);
  const outcome = await oidc.flow.finish(callbackUrl, sealed);
  if (!outcome.ok) {
    // Without a flow of ours there is no sign-in to record; a refused one is recorded within the refusal limits.
    if (sealed) await audit(req, deps, 'anonymous', { role: null, result: 'denied', error: outcome.reason });
    deps.log(`OpenID sign-in refused: ${outcome.reason}`);
    return {
      kind: 'refused',
      status: 401,
      message: 'The sign-in through the identity provider was refused; start again.',
    };
  }
  return signInIdentity(req, deps, outcome.identity, oidc.groupRoles, outcome.returnTo);
}

async function callback(req: IncomingMessage, res: ServerResponse, deps: AuthDeps): Promise<void> {
  // The flow cookie is spent whatever happens: one `state` serves one answer.
  const clearFlow = flowCookie(deps, '', 0);
  const answered = await withinAuthDeadline(deps, 'OpenID sign-in callback', () => callbackAnswer(req, deps));
  if (!answered.ok) {
    res.setHeader('set-cookie', clearFlow);
    sendRefusal(res, 503, PROVIDER_SILENT, BACK_TO_SIGN_IN);
    return;
  }
  const answer = answered.value;
  if (answer.kind === 'refused') {
    res.setHeader('set-cookie', clearFlow);
    sendRefusal(res, answer.status, answer.message, BACK_TO_SIGN_IN);
    return;
  }
  redirect(res, answer.returnTo, {
    'set-cookie': [
      clearFlow,
      serializeCookie(SESSION_COOKIE, answer.sessionToken, {
        secure: deps.secureCookies,
        maxAgeSeconds: Math.floor(deps.access.sessions.policy.absoluteMs / 1000),
      }),
    ],
  });
}

type LogoutAnswer = { status: 200 } | { status: 400 | 404 | 413; error: string; description: string };

async function logoutAnswer(req: IncomingMessage, deps: AuthDeps): Promise<LogoutAnswer> {
  const oidc = deps.access.signInMethods.oidc;
  if (!oidc) {
    return { status: 404, error: 'not_found', description: 'no identity provider is configured' };
  }
  let token: string | null;
  try {
    token = new URLSearchParams(await readBody(req, MAX_LOGOUT_BODY)).get('logout_token');
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    return { status: 413, error: 'invalid_request', description: 'request too large' };
  }
  if (!token) return { status: 400, error: 'invalid_request', description: 'logout_token is required' };
  const verdict = await oidc.flow.verifyLogoutToken(token);
  if (!verdict.ok) {
    await audit(
      req,
      deps,
      'anonymous',
      { role: null, result: 'denied', error: verdict.reason },
      'auth.backchannelLogout',
    );
    deps.log(`OpenID back-channel logout refused: ${verdict.reason}`);
    return { status: 400, error: 'invalid_request', description: 'the logout token was refused' };
  }
  const username = await endOidcAccountSessions(deps.db, deps.access.sessions, verdict);
  if (username) await audit(req, deps, username, { role: null, result: 'ok' }, 'auth.backchannelLogout');
  return { status: 200 };
}

/**
 * POST from the provider, not a browser: no cookie, no Origin, trusted for nothing but the signed token
 * it carries. Answers as the specification asks: 200, or 400 with an OAuth error (sendJson: no-store).
 */
export async function handleBackchannelLogout(
  req: IncomingMessage,
  res: ServerResponse,
  deps: AuthDeps,
): Promise<void> {
  if (req.method !== 'POST') {
    sendJson(res, 405, { error: 'invalid_request', error_description: 'POST only' }, { allow: 'POST' });
    return;
  }
  const answered = await withinAuthDeadline(deps, 'OpenID back-channel logout', () =>
    logoutAnswer(req, deps),
  );
  if (!answered.ok) {
    sendJson(res, 503, { error: 'temporarily_unavailable' }, { 'retry-after': '5' });
    return;
  }
  const answer = answered.value;
  if (answer.status === 200) sendJson(res, 200, {});
  else sendJson(res, answer.status, { error: answer.error, error_description: answer.description });
}

/** GET /api/auth/oidc/start and /api/auth/oidc/callback; false for any other request. */
export async function handleOidcRoute(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  deps: AuthDeps,
): Promise<boolean> {
  if (req.method !== 'GET') return false;
  if (pathname === OIDC_START_PATH) await start(req, res, deps);
  else if (pathname === OIDC_CALLBACK_PATH) await callback(req, res, deps);
  else return false;
  return true;
}
