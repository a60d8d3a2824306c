// The ID token checks of the sign-in flow against the real test provider, each attack made by a party in
// the middle of the console's calls to the provider (openid-client's customFetch): a tampered token, a
// token meant for another client, an expired one, and a `state` used twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { parseGroupRoles } from './group-roles';
import { OidcSignIn, type OidcSignInOptions } from './oidc-signin';
import type { OidcSettings } from './oidc-settings';
import {
  loginAtProvider,
  OIDC_TEST_CLIENTS,
  OIDC_TEST_GROUP_ROLES,
  OIDC_TEST_USERS,
  startOidcProvider,
  type OidcTestProvider,
} from '../../tools/testenv/oidc-provider';

// Never reached: the provider's answer is read from its redirect, as the console's callback would read it.
const REDIRECT_URI = 'http://127.0.0.1:9/api/auth/oidc/callback';
let provider: OidcTestProvider;

beforeAll(async () => {
  provider = await startOidcProvider([REDIRECT_URI]);
}, 300_000);

afterAll(async () => {
  await provider.stop();
});

function settings(): OidcSettings {
  return {
    issuer: provider.issuer,
    clientId: OIDC_TEST_CLIENTS.rackpilot.id,
    clientSecret: OIDC_TEST_CLIENTS.rackpilot.secret,
    groupRoles: parseGroupRoles(OIDC_TEST_GROUP_ROLES),
    providerName: 'Test IdP',
    scopes: ['openid', 'profile', 'email', 'groups'],
    groupsClaim: 'groups',
  };
}

const signIn = (options: Partial<OidcSignInOptions> = {}) =>
  new OidcSignIn({ settings: settings(), redirectUri: REDIRECT_URI, ...options });

/** Starts a sign-in, logs in at the provider, and hands the answer to finish(). */
async function runFlow(flow: OidcSignIn, user = OIDC_TEST_USERS.operator) {
  const started = await flow.start('/hosts');
  const callback = await loginAtProvider(started.url, user);
  return { started, callback, outcome: await flow.finish(callback, started.sealedFlow) };
}

/** A fetch that lets `rewrite` change the token endpoint's JSON answer. */
function tokenAnswerRewriter(rewrite: (body: Record<string, unknown>) => Promise<Record<string, unknown>>) {
  const rewriting: client.CustomFetch = async (url, init) => {
    const response = await fetch(url, init as RequestInit);
    if (!url.endsWith('/oauth/token') || !response.ok) return response;
    const body = (await response.json()) as Record<string, unknown>;
    return Response.json(await rewrite(body), { status: response.status });
  };
  return rewriting;
}

function flipGroupsTo(idToken: string, groups: string[]): string {
  const [header, payload, signature] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, groups })).toString('base64url');
  return [header, forged, signature].join('.');
}

describe('OpenID sign-in against the test provider', () => {
  it('accepts the provider’s own answer: subject, issuer, name and groups', async () => {
    const { outcome } = await runFlow(signIn());
    expect(outcome).toMatchObject({
      ok: true,
      returnTo: '/hosts',
      identity: {
        issuer: provider.issuer,
        subject: OIDC_TEST_USERS.operator.id,
        groups: OIDC_TEST_USERS.operator.groups,
      },
    });
  });

  it('refuses an ID token whose claims were changed after signing', async () => {
    const fetchTampering = tokenAnswerRewriter((body) =>
      Promise.resolve({ ...body, id_token: flipGroupsTo(String(body.id_token), ['fleet-admins']) }),
    );
    const { outcome } = await runFlow(signIn({ fetch: fetchTampering }));
    expect(outcome.ok).toBe(false);
    expect(outcome.ok || outcome.reason).toMatch(/signature/i);
  });

  it('refuses an ID token the provider issued to another client', async () => {
    const other = OIDC_TEST_CLIENTS.other;
    // The attacker signs in at the provider as another relying party, with the nonce of the victim's
    // sign-in (it is in the authorization URL), and swaps the token answer for its own.
    let victimNonce = '';
    const substitute = tokenAnswerRewriter(async () => {
      const config = await client.discovery(new URL(provider.issuer), other.id, other.secret, undefined, {
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- the test provider speaks plain http on loopback
        execute: [client.allowInsecureRequests],
      });
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT_URI,
        scope: 'openid groups',
        nonce: victimNonce,
        state: 'attacker',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const answer = await loginAtProvider(url.href, OIDC_TEST_USERS.admin);
      const tokens = await client.authorizationCodeGrant(config, answer, {
        pkceCodeVerifier: verifier,
        expectedState: 'attacker',
        expectedNonce: victimNonce,
      });
      return { ...tokens };
    });
    const flow = signIn({ fetch: substitute });
    const started = await flow.start('/');
    victimNonce = new URL(started.url).searchParams.get('nonce') ?? '';
    const callback = await loginAtProvider(started.url, OIDC_TEST_USERS.viewer);
    const outcome = await flow.finish(callback, started.sealedFlow);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok || outcome.reason).toMatch(/aud/i);
  });

  it('refuses an ID token past its expiry', async () => {
    // The console's clock a day ahead: every token the provider issues now is long expired by it.
    const { outcome } = await runFlow(signIn({ clockSkewSeconds: 24 * 3600 }));
    expect(outcome.ok).toBe(false);
    expect(outcome.ok || outcome.reason).toMatch(/exp/i);
  });

  it('refuses a state used a second time, and an answer with no flow of its own', async () => {
    const flow = signIn();
    const { started, callback, outcome } = await runFlow(flow);
    expect(outcome.ok).toBe(true);
    expect(await flow.finish(callback, started.sealedFlow)).toEqual({
      ok: false,
      reason: 'this sign-in answer was used already',
    });
    expect((await flow.finish(callback, undefined)).ok).toBe(false);
    const sealedElsewhere = (await signIn({}).start('/')).sealedFlow;
    expect((await flow.finish(callback, `${sealedElsewhere}x`)).ok).toBe(false);
  });

  it('refuses an answer that names another issuer', async () => {
    const flow = signIn();
    const started = await flow.start('/');
    const callback = await loginAtProvider(started.url, OIDC_TEST_USERS.operator);
    callback.searchParams.set('iss', 'https://evil.example/');
    const outcome = await flow.finish(callback, started.sealedFlow);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok || outcome.reason).toMatch(/iss/i);
  });
});
