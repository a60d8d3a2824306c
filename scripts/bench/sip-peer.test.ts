import { describe, expect, it } from 'vitest';
import { resolveSipBinary } from './sip-peer';

describe("upstream SIP manager's binary", () => {
  const present = new Set(['/given', '/env', '/cache/sip-manager']);
  const exists = (path: string) => present.has(path);

  it('takes the flag over the env, and the env over the cache', () => {
    expect(resolveSipBinary('/given', '/env', '/cache/sip-manager', exists)).toBe('/given');
    expect(resolveSipBinary(undefined, '/env', '/cache/sip-manager', exists)).toBe('/env');
    expect(resolveSipBinary(undefined, undefined, '/cache/sip-manager', exists)).toBe('/cache/sip-manager');
    expect(resolveSipBinary(undefined, '', '/cache/sip-manager', exists)).toBe('/cache/sip-manager');
  });

  it('is absent when nothing names one and the cache has none', () => {
    expect(resolveSipBinary(undefined, undefined, '/nowhere', exists)).toBeUndefined();
  });

  it('refuses a path given but missing, saying how to build the binary', () => {
    expect(() => resolveSipBinary('/missing', undefined, '/cache/sip-manager', exists)).toThrow(
      /^no SIP manager binary at \/missing: build it outside the repository from airshipit\/sip at 1f88a95/,
    );
  });
});
