import { createHash, randomBytes } from 'node:crypto';

/** A fresh unguessable token for a cookie or a URL (256 bits, base64url). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores in place of a token, so a dump of it grants nothing. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
