import { generateKeyPairSync, randomInt } from 'node:crypto';

export interface SshKeyPair {
  /** Unencrypted private key in OpenSSH's own format (`-----BEGIN OPENSSH PRIVATE KEY-----`). */
  privateKey: string;
  /** The matching authorized_keys line: `ssh-ed25519 AAAA… <comment>`. */
  publicKey: string;
}

function sshString(value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

/**
 * A fresh ed25519 key pair, written the way ssh-keygen writes it. node:crypto only exports PKCS#8,
 * which older OpenSSH clients do not read for ed25519, so the OpenSSH container is built here.
 */
export function generateEd25519SshKey(comment: string): SshKeyPair {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.d || !jwk.x) throw new Error('node:crypto returned an ed25519 key without d or x');
  const seed = Buffer.from(jwk.d, 'base64url');
  const pub = Buffer.from(jwk.x, 'base64url');
  const keyType = 'ssh-ed25519';
  const publicBlob = Buffer.concat([sshString(keyType), sshString(pub)]);

  const check = randomInt(2 ** 32);
  let secret = Buffer.concat([
    uint32(check),
    uint32(check),
    sshString(keyType),
    sshString(pub),
    sshString(Buffer.concat([seed, pub])),
    sshString(comment),
  ]);
  // The private section is padded with 1, 2, 3, … to the cipher block size (8 for "none").
  const padding = (8 - (secret.length % 8)) % 8;
  secret = Buffer.concat([secret, Buffer.from(Array.from({ length: padding }, (_, i) => i + 1))]);

  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0', 'latin1'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    uint32(1),
    sshString(publicBlob),
    sshString(secret),
  ]).toString('base64');
  const lines = body.match(/.{1,70}/g) ?? [];
  return {
    privateKey: [
      '-----BEGIN OPENSSH PRIVATE KEY-----',
      ...lines,
      '-----END OPENSSH PRIVATE KEY-----',
      '',
    ].join('\n'),
    publicKey: `${keyType} ${publicBlob.toString('base64')} ${comment}`,
  };
}
