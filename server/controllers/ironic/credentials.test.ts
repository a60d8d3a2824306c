import { describe, expect, it } from 'vitest';
import type { V1Secret } from '@kubernetes/client-node';
import { base64Data } from '../common/content-hash';
import { generatePassword, htpasswdEntry, htpasswdMatches, readCredentials } from './credentials';

function secret(data: Record<string, string>): V1Secret {
  return { metadata: { name: 'creds' }, data: base64Data(data) };
}

describe('generatePassword', () => {
  it('gives 32 URL-safe characters, different each time', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(generatePassword()).not.toBe(a);
  });
});

const credentials = { username: 'ironic', password: 'correct horse battery staple' };
const entry = await htpasswdEntry(credentials);

describe('htpasswd', () => {
  it('writes an Apache bcrypt line, salted anew each time', async () => {
    expect(entry).toMatch(/^ironic:\$2y\$10\$[./A-Za-z0-9]{53}$/);
    expect(await htpasswdEntry(credentials)).not.toBe(entry);
  });

  it.each<[string, string | undefined, Partial<typeof credentials>, boolean]>([
    ['the line it wrote', entry, {}, true],
    ['the line with a trailing newline', `${entry}\n`, {}, true],
    ['another password', entry, { password: 'other' }, false],
    ['another user', entry, { username: 'admin' }, false],
    ['no line', undefined, {}, false],
    ['an MD5 line', 'ironic:$apr1$abc$def', {}, false],
  ])('matches %s: %s', async (_, line, change, matches) => {
    expect(await htpasswdMatches(line, { ...credentials, ...change })).toBe(matches);
  });
});

describe('readCredentials', () => {
  it.each<[string, Record<string, string>, string | undefined]>([
    ['trims values', { username: ' ironic\n', password: ' secret\n' }, undefined],
    ['needs a password', { username: 'ironic' }, 'Secret creds needs non-empty username and password keys'],
    ['refuses a blank username', { username: '  ', password: 'x' }, 'needs non-empty'],
    ['refuses a colon in the username', { username: 'a:b', password: 'x' }, 'the username may contain only'],
  ])('%s', (_, data, problem) => {
    const result = readCredentials(secret(data), 'Ironic credentials');
    if (problem === undefined)
      expect(result).toEqual({ ok: true, value: { username: 'ironic', password: 'secret' } });
    else expect(result.ok ? '' : result.error).toContain(problem);
  });
});
