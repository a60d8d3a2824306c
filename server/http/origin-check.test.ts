import { describe, expect, it } from 'vitest';
import { fromAllowedOrigin } from './origin-check';

const allowed = ['http://127.0.0.1:3000', 'http://localhost:3000'];

describe('fromAllowedOrigin', () => {
  it.each([
    { headers: { origin: 'http://127.0.0.1:3000' }, ok: true },
    { headers: { origin: 'http://localhost:3000' }, ok: true },
    { headers: { origin: 'http://evil.example' }, ok: false },
    { headers: { origin: 'null' }, ok: false },
    { headers: { origin: 'http://evil.example', referer: 'http://127.0.0.1:3000/x' }, ok: false },
    { headers: { referer: 'http://127.0.0.1:3000/clusters?x=1' }, ok: true },
    { headers: { referer: 'http://127.0.0.1:3001/' }, ok: false },
    { headers: { referer: 'not a url' }, ok: false },
    { headers: {}, ok: false },
  ])('$headers → $ok', ({ headers, ok }) => {
    expect(fromAllowedOrigin(headers, allowed)).toBe(ok);
  });
});
