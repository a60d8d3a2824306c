import { describe, expect, it } from 'vitest';
import { generateEd25519SshKey } from '../lib/ssh-key-pair';
import { fieldErrorsOf } from './field-errors';
import { MAX_PRIVATE_KEY, readOpenSshPrivateKey } from './openssh-private-key';
import { createNamespaceInputSchema, sshKeySecretInputSchema } from './ssh-key-secret';

function sshString(value: string | Buffer): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'latin1') : value;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** An OpenSSH container as ssh-keygen lays it out, with the parts a test wants to vary. */
function container({ cipher = 'none', keys = 1, type = 'ssh-rsa', cut = 0 } = {}): string {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(keys);
  const publicBlob = Buffer.concat([sshString(type), sshString(Buffer.alloc(16, 7))]);
  const bytes = Buffer.concat([
    Buffer.from('openssh-key-v1\0', 'latin1'),
    sshString(cipher),
    sshString(cipher === 'none' ? 'none' : 'bcrypt'),
    sshString(''),
    count,
    sshString(publicBlob),
    sshString(Buffer.alloc(64)),
  ]);
  const body = bytes.subarray(0, bytes.length - cut).toString('base64');
  return `-----BEGIN OPENSSH PRIVATE KEY-----\n${body}\n-----END OPENSSH PRIVATE KEY-----\n`;
}

describe('readOpenSshPrivateKey', () => {
  it('reads a key ssh-keygen would write: type, key file and public half', () => {
    const pair = generateEd25519SshKey('someone@example');
    const reading = readOpenSshPrivateKey(pair.privateKey);
    expect(reading).toEqual({
      ok: true,
      type: 'ssh-ed25519',
      keyFile: 'id_ed25519',
      publicKey: pair.publicKey.replace(/ someone@example$/, ''),
    });
  });

  it.each([
    ['an RSA key', container({ type: 'ssh-rsa' }), 'id_rsa'],
    ['an ECDSA key', container({ type: 'ecdsa-sha2-nistp384' }), 'id_ecdsa'],
    ['a key pasted with CRLF and indentation', container().replace(/\n/g, '\r\n  '), 'id_rsa'],
  ])('accepts %s', (_, text, keyFile) => {
    expect(readOpenSshPrivateKey(text)).toMatchObject({ ok: true, keyFile });
  });

  it.each([
    ['empty text', '', /Paste the whole key/],
    ['a public key', generateEd25519SshKey('x').publicKey, /Paste the whole key/],
    [
      'a PEM RSA key',
      '-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----',
      /Paste the whole key/,
    ],
    ['no end line', container().split('\n').slice(0, 2).join('\n'), /Paste the whole key/],
    ['a body that is not base64', container().replace(/\n[^-][^\n]*\n/, '\n#not base64#\n'), /not base64/],
    [
      'another container',
      `-----BEGIN OPENSSH PRIVATE KEY-----\n${Buffer.from('something-else-v1\0').toString('base64')}\n-----END OPENSSH PRIVATE KEY-----`,
      /Not an OpenSSH private key/,
    ],
    ['a key cut short', container({ cut: 100 }), /cut short/],
    ['a passphrase-protected key', container({ cipher: 'aes256-ctr' }), /passphrase/],
    ['two keys in one', container({ keys: 2 }), /one key per Secret/],
    ['a DSA key', container({ type: 'ssh-dss' }), /ssh-dss is not one of/],
    ['an over-long paste', container() + ' '.repeat(MAX_PRIVATE_KEY), /at most 16384 characters/],
  ])('refuses %s', (_, text, problem) => {
    const reading = readOpenSshPrivateKey(text);
    expect(reading.ok).toBe(false);
    expect(reading.ok ? '' : reading.problem).toMatch(problem);
  });
});

function errorsOf(input: unknown) {
  const result = sshKeySecretInputSchema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error.issues);
}

describe('sshKeySecretInputSchema', () => {
  const generate = { namespace: 'tenants', name: 'sub1-ssh-keys', source: 'generate', privateKey: '' };

  it('accepts a generated key and a pasted one', () => {
    expect(errorsOf(generate)).toEqual({});
    expect(errorsOf({ ...generate, source: 'paste', privateKey: container() })).toEqual({});
  });

  it.each([
    ['no name', { name: '' }, 'name', /Enter a name/],
    ['an upper-case name', { name: 'Keys' }, 'name', /Lower-case letters/],
    ['a name ending in .', { name: 'keys.' }, 'name', /not at either end/],
    ['a name of 254 characters', { name: 'a'.repeat(254) }, 'name', /at most 253/],
    ['a bad namespace', { namespace: 'Tenants' }, 'namespace', /Lower-case letters/],
    ['a pasted key with a generated one', { privateKey: container() }, 'privateKey', /takes no pasted key/],
    ['paste with nothing pasted', { source: 'paste' }, 'privateKey', /Paste the whole key/],
    ['a pasted key with NUL', { source: 'paste', privateKey: `${container()}\0` }, 'privateKey', /control/],
    [
      'a pasted key over the limit',
      { source: 'paste', privateKey: 'a'.repeat(MAX_PRIVATE_KEY + 1) },
      'privateKey',
      /at most 16384/,
    ],
    ['another source', { source: 'upload' }, 'source', /generate or paste/],
  ])('refuses %s', (_, change, field, message) => {
    expect(errorsOf({ ...generate, ...change })[field]).toMatch(message);
  });
});

describe('createNamespaceInputSchema', () => {
  it.each([
    ['tenants', true],
    ['a', true],
    ['a'.repeat(63), true],
    ['a'.repeat(64), false],
    ['', false],
    ['Tenants', false],
    ['-tenants', false],
    ['tenants-', false],
    ['ten.ants', false],
    ['ten_ants', false],
    ['tenants\n', false],
  ])('%j is a namespace name: %s', (name, ok) => {
    expect(createNamespaceInputSchema.safeParse({ name }).success).toBe(ok);
  });
});
