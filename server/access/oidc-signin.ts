import { hkdfSync } from 'node:crypto';
import { createRemoteJWKSet, EncryptJWT, jwtDecrypt, jwtVerify, type JWTPayload } from 'jose';
import * as client from 'openid-client';
import { ExpiringCache } from '../lib/expiring-cache';
import { groupsFromClaim } from './group-roles';
import { LOGOUT_TOKEN_MAX_AGE_SECONDS, readLogoutClaims } from './oidc-logout-token';
import type { OidcSettings } from './oidc-settings';

/** A sign-in begun at the provider must come back within this. */
export const OIDC_FLOW_SECONDS = 600;
/** Callbacks remembered, so one `state` cannot be used twice; more than the sign-ins of ten minutes. */
const USED_STATES = 10_000;
/** Logout tokens remembered by `jti` for their lifetime, so one cannot be replayed. */
const USED_LOGOUT_TOKENS = 10_000;

/** What the browser carries between start and callback, sealed so that it can neither read nor change it. */
interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  issuer: string;
}

/** Who the provider vouched for, from the ID token only after every check passed. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  /** A readable name: preferred_username, else email, else the subject. */
  name: string;
  groups: string[];
  idToken: string;
}

/** A logout token's verdict: the subject whose sessions end, or why it was refused. */
export type LogoutOutcome = { ok: true; issuer: string; subject: string } | { ok: false; reason: string };

export type OidcOutcome =
  { ok: true; identity: OidcIdentity; returnTo: string } | { ok: false; reason: string };

export interface OidcSignInOptions {
  settings: OidcSettings;
  /** The console's callback URL, as registered at the provider. */
  redirectUri: string;
  /** Seconds added to our clock when checking token times (openid-client's clockSkew); 0 normally. */
  clockSkewSeconds?: number;
  /** Replaces fetch for every call to the provider; tests put an attacker in the middle with it. */
  fetch?: client.CustomFetch;
}

const isLoopback = (issuer: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(issuer).hostname);

/** openid-client's message and, from the check underneath, which claim or parameter failed and how. */
function refusalReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const detail = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${detail}`;
}

/**
 * The authorization code flow with PKCE, `state` and `nonce` (openid-client). Discovery is read once and
 * kept (read again after a failure); openid-client fetches the provider's keys again when a token names
 * a key it has not seen, which is how a key rotation at the provider is followed.
 */
export class OidcSignIn {
  private discovered: Promise<client.Configuration> | undefined;
  private readonly usedStates = new ExpiringCache<string, true>(USED_STATES);
  private readonly usedLogoutTokens = new ExpiringCache<string, true>(USED_LOGOUT_TOKENS);
  /** The provider's keys for logout tokens; jose fetches them again (at most every 30 s) for an unknown key. */
  private logoutKeys: ReturnType<typeof createRemoteJWKSet> | undefined;
  /** Seals the flow cookie; derived from the client secret, so every replica has the same key. */
  private readonly sealKey: Uint8Array;

  constructor(private readonly options: OidcSignInOptions) {
    const { clientSecret, issuer } = options.settings;
    this.sealKey = new Uint8Array(hkdfSync('sha256', clientSecret, issuer, 'rackpilot oidc flow', 32));
  }

  get providerName(): string {
    return this.options.settings.providerName;
  }

  private configuration(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.options.settings;
    this.discovered ??= client
      .discovery(
        new URL(issuer),
        clientId,
        { [client.clockSkew]: this.options.clockSkewSeconds ?? 0 },
        client.ClientSecretBasic(clientSecret),
        {
          // The token endpoint's ID token is checked against the provider's keys too (openid-client skips
          // that by default, trusting TLS): a token changed on the way, or by a proxy, is refused.
          execute: [
            client.enableNonRepudiationChecks,
            // Plain http: the settings accept it for a loopback issuer only (tests).
            // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only to stand out
            ...(isLoopback(issuer) ? [client.allowInsecureRequests] : []),
          ],
          [client.customFetch]: this.options.fetch,
        },
      )
      .then((config) => {
        if (this.options.fetch) config[client.customFetch] = this.options.fetch;
        return config;
      });
    const pending = this.discovered;
    pending.catch(() => {
      if (this.discovered === pending) this.discovered = undefined;
    });
    return pending;
  }

  /** The provider's authorization URL for a new sign-in, and the sealed flow for the browser's cookie. */
  async start(returnTo: string): Promise<{ url: string; sealedFlow: string }> {
    const config = await this.configuration();
    const flow: Flow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      returnTo,
      issuer: this.options.settings.issuer,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.options.redirectUri,
      scope: this.options.settings.scopes.join(' '),
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    const sealedFlow = await new EncryptJWT({ ...flow })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setExpirationTime(`${OIDC_FLOW_SECONDS}s`)
      .encrypt(this.sealKey);
    return { url: url.href, sealedFlow };
  }

  private async openFlow(sealedFlow: string): Promise<Flow | undefined> {
    try {
      const { payload } = await jwtDecrypt(sealedFlow, this.sealKey);
      return payload as unknown as Flow;
    } catch {
      return undefined;
    }
  }

  /**
   * Checks the provider's answer at `callbackUrl` against the flow the browser started, redeems the code
   * and validates the ID token (signature, issuer, audience, expiry, nonce); any failure is a refusal.
   */
  async finish(callbackUrl: URL, sealedFlow: string | undefined): Promise<OidcOutcome> {
    const flow = sealedFlow ? await this.openFlow(sealedFlow) : undefined;
    if (!flow) return { ok: false, reason: 'the sign-in was not started here, or took too long' };
    if (flow.issuer !== this.options.settings.issuer) {
      return { ok: false, reason: 'the sign-in was started with another identity provider' };
    }
    if (this.usedStates.get(flow.state)) return { ok: false, reason: 'this sign-in answer was used already' };
    const config = await this.configuration();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      // Marked used before the code is redeemed: a second answer racing this one is refused too.
      this.usedStates.set(flow.state, true, Date.now() + OIDC_FLOW_SECONDS * 1000);
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      return { ok: false, reason: refusalReason(error) };
    }
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) return { ok: false, reason: 'the provider sent no ID token' };
    let extra: Record<string, unknown> = {};
    try {
      extra = await this.missingClaims(config, claims, tokens.access_token);
    } catch (error) {
      return { ok: false, reason: refusalReason(error) };
    }
    const merged = { ...extra, ...claims };
    const name = [merged.preferred_username, merged.email].find(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    return {
      ok: true,
      returnTo: flow.returnTo,
      identity: {
        issuer: claims.iss,
        subject: claims.sub,
        name: name ?? claims.sub,
        groups: groupsFromClaim(merged[this.options.settings.groupsClaim]),
        idToken: tokens.id_token,
      },
    };
  }

  /**
   * Providers that follow OIDC Core to the letter put profile claims (a name, sometimes the groups) only
   * in the userinfo answer when an access token is issued; asked for only when the ID token lacks them,
   * and only for the ID token's subject (openid-client checks it).
   */
  private async missingClaims(
    config: client.Configuration,
    claims: client.IDToken,
    accessToken: string,
  ): Promise<Record<string, unknown>> {
    const hasName = typeof claims.preferred_username === 'string' || typeof claims.email === 'string';
    if (hasName && this.options.settings.groupsClaim in claims) return {};
    if (!config.serverMetadata().userinfo_endpoint) return {};
    return client.fetchUserInfo(config, accessToken, claims.sub);
  }

  /**
   * Checks a Back-Channel Logout token the provider posted: signed by one of its keys, issued by it for
   * this client, recent, a logout event with a subject, and not seen before. Refusals say why.
   */
  async verifyLogoutToken(token: string): Promise<LogoutOutcome> {
    const { issuer, clientId } = this.options.settings;
    const jwksUri = (await this.configuration()).serverMetadata().jwks_uri;
    if (!jwksUri) return { ok: false, reason: 'the provider publishes no keys (jwks_uri)' };
    this.logoutKeys ??= createRemoteJWKSet(new URL(jwksUri));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.logoutKeys, {
        issuer,
        audience: clientId,
        maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
        requiredClaims: ['iat'],
        clockTolerance: this.options.clockSkewSeconds ?? 0,
      }));
    } catch (error) {
      return { ok: false, reason: refusalReason(error) };
    }
    const claims = readLogoutClaims(payload);
    if (!claims.ok) return claims;
    if (this.usedLogoutTokens.get(claims.jti)) {
      return { ok: false, reason: 'this logout token was used already' };
    }
    // Kept past the token's age limit, clock skew included, so a replay is refused as long as it could pass.
    this.usedLogoutTokens.set(claims.jti, true, Date.now() + LOGOUT_TOKEN_MAX_AGE_SECONDS * 2000);
    return { ok: true, issuer, subject: claims.subject };
  }

  /** Where to end the provider's own session too, when its discovery names an end-session endpoint. */
  async endSessionUrl(): Promise<string | undefined> {
    const config = await this.configuration();
    if (!config.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(config).href;
  }
}
