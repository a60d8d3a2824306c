import type { IncomingMessage, ServerResponse } from 'node:http';
import { OIDC_CALLBACK_PATH, SESSION_COOKIE } from '../access/access-services';
import { roleForGroups, type GroupRoles } from '../access/group-roles';
import { revokeUnmappedOidcAccount, upsertOidcAccount } from '../access/oidc-accounts';
import { OIDC_FLOW_SECONDS, type OidcIdentity } from '../access/oidc-signin';
import { cookieName, parseCookies, serializeCookie } from '../lib/cookies';
import { safeNextPath } from '../schemas/next-path';
import { withinAuthDeadline, type AuthDeps } from './auth-routes';
import { clientAddress, userAgent } from './client-address';
import { redirect, sendRefusal } from './send';

/** The sealed sign-in flow (state, nonce, PKCE verifier, where to go after) between start and callback. */
export const OIDC_FLOW_COOKIE = 'rp_oidc';
export const OIDC_START_PATH = '/api/auth/oidc/start';

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
) {
  return deps.access.audit.record({
    actor,
    role: outcome.role,
    action: 'auth.signIn',
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
  const role = roleForGroups(identity.groups, groupRoles);
  if (!role) {
    await revokeUnmappedOidcAccount(db, access.sessions, identity);
    await audit(req, deps, identity.name, { role: null, result: 'denied', error: 'no mapped group' });
    const provider = access.signInMethods.oidc?.flow.providerName ?? 'the identity provider';
    return { kind: 'refused', status: 403, message: noAccessMessage(identity.name, provider) };
  }
  const account = await upsertOidcAccount(db, access.sessions, identity, role);
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
