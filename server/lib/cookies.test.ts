import { describe, expect, it } from 'vitest';
import { cookieName, parseCookies, serializeCookie } from './cookies';

describe('parseCookies', () => {
  it.each([
    { header: undefined, cookies: {} },
    { header: 'a=1; b=two', cookies: { a: '1', b: 'two' } },
    { header: 'a=1; a=2', cookies: { a: '1' } },
    { header: 'x=%41%42; bad; =v; y=%E0%A4%A', cookies: { x: 'AB', y: '%E0%A4%A' } },
  ])('reads $header', ({ header, cookies }) => {
    expect(Object.fromEntries(parseCookies(header))).toEqual(cookies);
  });
});

describe('serializeCookie', () => {
  it('is HttpOnly and SameSite=Lax; Secure and __Host- prefixed only when asked', () => {
    expect(serializeCookie('s', 'a b', { secure: false, maxAgeSeconds: 60 })).toBe(
      's=a%20b; Path=/; HttpOnly; SameSite=Lax; Max-Age=60',
    );
    expect(serializeCookie('s', '', { secure: true, maxAgeSeconds: 0 })).toBe(
      '__Host-s=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure',
    );
    expect(cookieName('s', true)).toBe('__Host-s');
    expect(cookieName('s', false)).toBe('s');
  });
});
