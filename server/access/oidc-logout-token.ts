import type { JWTPayload } from 'jose';

/** The event a Back-Channel Logout 1.0 token carries in its `events` claim. */
export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** A logout token issued longer ago than this is refused: providers send it the moment a user is removed. */
export const LOGOUT_TOKEN_MAX_AGE_SECONDS = 300;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The subject and `jti` of a logout token, or what is wrong with its claims, once its signature, issuer, audience and times have been
 * checked, by the specification's rules: the logout event as an object, no `nonce` (so an ID token can
 * never pass as one), a `jti` to refuse a replay by. Sessions end by subject: a token naming only the
 * provider's session (`sid`) is refused, since Rackpilot does not keep the provider's session ids.
 */
export function readLogoutClaims(
  payload: JWTPayload,
): { ok: true; subject: string; jti: string } | { ok: false; reason: string } {
  const refused = (reason: string) => ({ ok: false, reason }) as const;
  if (!isObject(payload.events) || !isObject(payload.events[BACKCHANNEL_LOGOUT_EVENT])) {
    return refused('not a back-channel logout token (no logout event)');
  }
  if ('nonce' in payload) return refused('a logout token carries no nonce');
  const { jti, sub, sid } = payload;
  if (typeof jti !== 'string' || jti === '') return refused('the token has no jti');
  if (typeof sub !== 'string' || sub === '') {
    return refused(
      typeof sid === 'string'
        ? 'the token names only a provider session (sid); Rackpilot ends sessions by subject (sub)'
        : 'the token names no subject',
    );
  }
  return { ok: true, subject: sub, jti };
}
