// Sign-in through the real test provider against the real server: the browser's path from the console's
// start route through the provider's login form back to the callback, the role its groups map to, the
// user no group maps, a replayed answer, an answer from another provider, and the return-to parameter.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient, type DbClient } from '../db/client';
import { consoleClient, signInAsAdmin } from '../../tools/testenv/console-client';
import { freePort } from '../../tools/testenv/free-port';
import {
  loginAtProvider,
  OIDC_TEST_CLIENTS,
  OIDC_TEST_GROUP_ROLES,
  OIDC_TEST_USERS,
  startOidcProvider,
  type OidcTestProvider,
  type OidcTestUser,
} from '../../tools/testenv/oidc-provider';
import {
  startConsoleServer,
  TEST_ADMIN_PASSWORD,
  type ServerProcess,
} from '../../tools/testenv/server-process';

let provider: OidcTestProvider;
/** A second provider that knows the same client: the issuer mix-up's other side. */
let otherProvider: OidcTestProvider;
let server: ServerProcess;
let db: DbClient;

beforeAll(async () => {
  const port = await freePort();
  const callback = `http://127.0.0.1:${port}/api/auth/oidc/callback`;
  provider = await startOidcProvider([callback], undefined, {
    backchannelLogoutUri: `http://127.0.0.1:${port}/api/auth/oidc/backchannel-logout`,
  });
  otherProvider = await startOidcProvider([callback]);
  server = await startConsoleServer(
    {
      RACKPILOT_OIDC_ISSUER: provider.issuer,
      RACKPILOT_OIDC_CLIENT_ID: OIDC_TEST_CLIENTS.rackpilot.id,
      RACKPILOT_OIDC_CLIENT_SECRET: OIDC_TEST_CLIENTS.rackpilot.secret,
      RACKPILOT_OIDC_GROUP_ROLES: OIDC_TEST_GROUP_ROLES,
      RACKPILOT_OIDC_NAME: 'Test IdP',
      RACKPILOT_IMPERSONATE: '1',
    },
    port,
  );
  db = createDbClient(process.env.DATABASE_URL ?? '');
}, 300_000);

afterAll(async () => {
  await db.$disconnect();
  await server.stop();
  await otherProvider.stop();
  await provider.stop();
});

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);

/** The console's start route: the provider's authorization URL and the flow cookie. */
async function startSignIn(next?: string) {
  const query = next === undefined ? '' : `?next=${encodeURIComponent(next)}`;
  const response = await fetch(`${server.url}/api/auth/oidc/start${query}`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const flowCookie = cookieOf(response, 'rp_oidc');
  expect(flowCookie).toBeDefined();
  return { authorizationUrl: response.headers.get('location') ?? '', flowCookie: flowCookie ?? '' };
}

const callBack = (callback: URL, flowCookie: string) =>
  fetch(callback, { redirect: 'manual', headers: { cookie: flowCookie } });

/** The whole path of a browser: start, the provider's form, the callback. */
async function signInThroughProvider(user: OidcTestUser, next?: string) {
  const { authorizationUrl, flowCookie } = await startSignIn(next);
  const callback = await loginAtProvider(authorizationUrl, user);
  return { callback, flowCookie, response: await callBack(callback, flowCookie) };
}

/** The console account of a provider's user: found by issuer and subject, as the server finds it. */
const accountOf = (user: OidcTestUser) =>
  db.user.findUniqueOrThrow({
    where: { oidcIssuer_oidcSubject: { oidcIssuer: provider.issuer, oidcSubject: user.id } },
  });

async function whoIs(session: string | undefined) {
  const response = await fetch(`${server.url}/api/auth/session`, { headers: { cookie: session ?? '' } });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('sign-in through the OpenID provider', () => {
  it('offers the provider on the sign-in page, beside passwords', async () => {
    const response = await fetch(`${server.url}/api/auth/methods`);
    expect(await response.json()).toEqual({ local: true, oidc: { name: 'Test IdP' } });
  });

  it.each([
    ['admin', OIDC_TEST_USERS.admin],
    ['operator', OIDC_TEST_USERS.operator],
    ['viewer', OIDC_TEST_USERS.viewer],
  ] as const)('signs a user in with the role their groups map to: %s', async (role, user) => {
    const { response } = await signInThroughProvider(user, '/hosts?view=rack');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/hosts?view=rack');
    const account = await accountOf(user);
    // Named after the provider's username, unless an account of that name was there first.
    expect(account.username).toMatch(new RegExp(`^${user.username}(-[0-9a-f]{8})?$`));
    expect(account).toMatchObject({ passwordHash: null, role });
    expect(await whoIs(cookieOf(response, 'rp_session'))).toEqual({
      status: 200,
      body: { kind: 'user', username: account.username, role },
    });
  });

  it('refuses a user none of whose groups is mapped, with a page that says so', async () => {
    const { response } = await signInThroughProvider(OIDC_TEST_USERS.outsider);
    expect(response.status).toBe(403);
    expect(cookieOf(response, 'rp_session')).toBeUndefined();
    expect(await response.text()).toContain('none of your groups at Test IdP gives access to Rackpilot');
    const refused = await db.auditEntry.findFirst({
      where: { actor: OIDC_TEST_USERS.outsider.username, action: 'auth.signIn' },
      orderBy: { id: 'desc' },
    });
    expect(refused).toMatchObject({ result: 'denied', error: 'no mapped group' });
  });

  it('refuses the same answer a second time', async () => {
    const { callback, flowCookie, response } = await signInThroughProvider(OIDC_TEST_USERS.viewer);
    expect(response.status).toBe(302);
    const replayed = await callBack(callback, flowCookie);
    expect(replayed.status).toBe(401);
    expect(cookieOf(replayed, 'rp_session')).toBeUndefined();
  });

  it('refuses an answer without the flow cookie of the browser that started the sign-in', async () => {
    const { authorizationUrl } = await startSignIn();
    const callback = await loginAtProvider(authorizationUrl, OIDC_TEST_USERS.admin);
    const other = await startSignIn();
    expect((await callBack(callback, '')).status).toBe(401);
    expect((await callBack(callback, other.flowCookie)).status).toBe(401);
  });

  it.each([
    ['with', true],
    ['without', false],
  ])('refuses a code from another provider (issuer mix-up), %s its iss parameter', async (_, withIss) => {
    const { authorizationUrl, flowCookie } = await startSignIn();
    // The console's own request, sent on to the other provider, which knows the same client and callback.
    const atOther = new URL(authorizationUrl);
    const otherAuthorize = new URL(atOther.pathname + atOther.search, otherProvider.issuer);
    const callback = await loginAtProvider(otherAuthorize.href, OIDC_TEST_USERS.admin);
    if (withIss) callback.searchParams.set('iss', otherProvider.issuer);
    const response = await callBack(callback, flowCookie);
    expect(response.status).toBe(401);
    expect(cookieOf(response, 'rp_session')).toBeUndefined();
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/%2F%2Fevil.example'])(
    'sends the browser only to a path of the console after sign-in: %s',
    async (next) => {
      const { response } = await signInThroughProvider(OIDC_TEST_USERS.viewer, next);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
    },
  );

  it('ignores a return-to parameter added to the callback', async () => {
    const { authorizationUrl, flowCookie } = await startSignIn('/clusters');
    const callback = await loginAtProvider(authorizationUrl, OIDC_TEST_USERS.viewer);
    callback.searchParams.set('next', 'https://evil.example/');
    const response = await callBack(callback, flowCookie);
    expect(response.headers.get('location')).toBe('/clusters');
  });

  it('signs out of the console and offers the provider’s end-session endpoint', async () => {
    const { response } = await signInThroughProvider(OIDC_TEST_USERS.operator);
    const session = cookieOf(response, 'rp_session') ?? '';
    const out = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: session, origin: server.url },
    });
    const body = (await out.json()) as { ok: boolean; endSessionUrl?: string };
    expect(body.ok).toBe(true);
    expect(new URL(body.endSessionUrl ?? '').href).toMatch(new RegExp(`^${provider.issuer}end_session\\?`));
    expect((await whoIs(session)).status).toBe(401);
  });

  it('ends the sessions of an account an admin removes, as for local accounts', async () => {
    const { response } = await signInThroughProvider(OIDC_TEST_USERS.viewer);
    const session = cookieOf(response, 'rp_session') ?? '';
    const account = await accountOf(OIDC_TEST_USERS.viewer);
    const admin = await signInAsAdmin(server.url);
    expect((await admin.mutate('access.removeUser', { id: account.id })).status).toBe(200);
    expect((await whoIs(session)).status).toBe(401);
  });
  it('lists the account as the provider’s and refuses an admin’s password reset for it', async () => {
    await signInThroughProvider(OIDC_TEST_USERS.operator);
    const account = await accountOf(OIDC_TEST_USERS.operator);
    const admin = await signInAsAdmin(server.url);
    const users = await admin.query<{ id: string; identityProvider: string | null }[]>('access.users');
    const listed = users.data ?? [];
    expect(listed.find((user) => user.id === account.id)?.identityProvider).toBe(provider.issuer);
    expect(listed.find((user) => user.id !== account.id && user.identityProvider === null)).toBeDefined();
    const reset = await admin.mutate('access.resetPassword', { id: account.id });
    expect(reset.status).toBe(400);
    expect(reset.error?.message).toContain('signs in through the identity provider');
    expect((await accountOf(OIDC_TEST_USERS.operator)).passwordHash).toBeNull();
  });
});

describe('back-channel logout from the provider', () => {
  const postLogout = (body: string) =>
    fetch(`${server.url}/api/auth/oidc/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  const withPayload = (token: string, change: (claims: Record<string, unknown>) => void) => {
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    change(claims);
    return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
  };

  it('ends the sessions of a user removed at the provider, who can no longer sign in there', async () => {
    const { response } = await signInThroughProvider(OIDC_TEST_USERS.leaver);
    const session = cookieOf(response, 'rp_session');
    expect((await whoIs(session)).status).toBe(200);
    const account = await accountOf(OIDC_TEST_USERS.leaver);

    const deliveries = await provider.removeUser(OIDC_TEST_USERS.leaver);
    expect(deliveries).toEqual([
      expect.objectContaining({ client: OIDC_TEST_CLIENTS.rackpilot.id, status: 200 }),
    ]);
    expect((await whoIs(session)).status).toBe(401);
    const audited = await db.auditEntry.findFirst({
      where: { actor: account.username, action: 'auth.backchannelLogout' },
      orderBy: { id: 'desc' },
    });
    expect(audited).toMatchObject({ result: 'ok' });
    const { authorizationUrl } = await startSignIn();
    await expect(loginAtProvider(authorizationUrl, OIDC_TEST_USERS.leaver)).rejects.toThrow();

    // The same token again, or altered to name another user, ends nothing.
    const token = deliveries[0]?.token ?? '';
    const admin = await signInThroughProvider(OIDC_TEST_USERS.admin);
    const adminSession = cookieOf(admin.response, 'rp_session');
    const renamed = withPayload(token, (claims) => {
      claims.sub = OIDC_TEST_USERS.admin.id;
      claims.jti = `${String(claims.jti)}-2`;
    });
    for (const refused of [token, renamed]) {
      const answer = await postLogout(new URLSearchParams({ logout_token: refused }).toString());
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: 'invalid_request' });
    }
    expect((await whoIs(adminSession)).status).toBe(200);
  });

  it('refuses an unsigned token, a missing one, a body too large and anything but POST', async () => {
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'logout+jwt' })).toString('base64url'),
      Buffer.from(
        JSON.stringify({
          iss: provider.issuer,
          aud: OIDC_TEST_CLIENTS.rackpilot.id,
          iat: Math.floor(Date.now() / 1000),
          jti: 'unsigned',
          sub: OIDC_TEST_USERS.admin.id,
          events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
        }),
      ).toString('base64url'),
      '',
    ].join('.');
    expect((await postLogout(new URLSearchParams({ logout_token: unsigned }).toString())).status).toBe(400);
    expect((await postLogout('')).status).toBe(400);
    expect((await postLogout(`logout_token=${'a'.repeat(20_000)}`)).status).toBe(413);
    expect((await fetch(`${server.url}/api/auth/oidc/backchannel-logout`)).status).toBe(405);
  });
});

describe('acting as a provider user (RACKPILOT_IMPERSONATE=1)', () => {
  it('reaches the API server as oidc:<subject>, whose RBAC refuses what nothing grants them', async () => {
    const user = OIDC_TEST_USERS.operator;
    const { response } = await signInThroughProvider(user);
    const console = consoleClient(server.url, cookieOf(response, 'rp_session') ?? '');
    const namespace = `oidc-imp-${randomBytes(3).toString('hex')}`;
    const refused = await console.mutate('clusters.delete', { namespace, name: 'c1' });
    expect(refused.error?.code).toBe('FORBIDDEN');
    expect(refused.error?.message).toContain(
      `User "oidc:${user.id}" cannot delete resource "sipclusters" in API group "airship.airshipit.org" in the namespace "${namespace}"`,
    );
  });
});

describe('with password sign-in turned off', () => {
  let providerOnly: ServerProcess;

  beforeAll(async () => {
    providerOnly = await startConsoleServer({
      RACKPILOT_OIDC_ISSUER: provider.issuer,
      RACKPILOT_OIDC_CLIENT_ID: OIDC_TEST_CLIENTS.rackpilot.id,
      RACKPILOT_OIDC_CLIENT_SECRET: OIDC_TEST_CLIENTS.rackpilot.secret,
      RACKPILOT_OIDC_GROUP_ROLES: OIDC_TEST_GROUP_ROLES,
      RACKPILOT_LOCAL_SIGNIN: '0',
    });
  }, 300_000);

  afterAll(async () => {
    await providerOnly.stop();
  });

  it('refuses every password, the first admin’s too, and offers only the provider', async () => {
    const methods = await fetch(`${providerOnly.url}/api/auth/methods`);
    expect(await methods.json()).toEqual({ local: false, oidc: { name: '127.0.0.1' } });
    const refused = await fetch(`${providerOnly.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: providerOnly.url },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    expect(refused.status).toBe(403);
    expect(cookieOf(refused, 'rp_session')).toBeUndefined();
  });
});
