import { createHash, randomBytes } from 'node:crypto';

/** A fresh one-time token for an install or wipe script: 128 random bits, URL-safe. */
export function newInstallToken(): string {
  return randomBytes(16).toString('base64url');
}

/** What the database keeps instead of the token. */
export function hashInstallToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
