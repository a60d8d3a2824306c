import { describe, expect, it } from 'vitest';
import { BACKCHANNEL_LOGOUT_EVENT, readLogoutClaims } from './oidc-logout-token';

const valid = { sub: 'oidc-ada', jti: 'j-1', events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } };

describe('readLogoutClaims', () => {
  it('accepts a token with the logout event, a subject and a jti', () => {
    expect(readLogoutClaims(valid)).toEqual({ ok: true, subject: 'oidc-ada', jti: 'j-1' });
    expect(readLogoutClaims({ ...valid, sid: 'provider-session' })).toMatchObject({ ok: true });
  });

  it.each([
    ['no events', { sub: 'a', jti: 'j' }, 'no logout event'],
    ['events not an object', { ...valid, events: ['x'] }, 'no logout event'],
    ['another event', { ...valid, events: { 'urn:other': {} } }, 'no logout event'],
    [
      'the event not an object',
      { ...valid, events: { [BACKCHANNEL_LOGOUT_EVENT]: true } },
      'no logout event',
    ],
    ['a nonce: an ID token', { ...valid, nonce: 'n' }, 'carries no nonce'],
    ['no jti', { ...valid, jti: undefined }, 'no jti'],
    ['an empty jti', { ...valid, jti: '' }, 'no jti'],
    ['only a sid', { ...valid, sub: undefined, sid: 's' }, 'names only a provider session'],
    ['neither sub nor sid', { ...valid, sub: undefined }, 'names no subject'],
  ])('refuses %s', (_case, payload, words) => {
    const read = readLogoutClaims(payload);
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.reason).toContain(words);
  });
});
