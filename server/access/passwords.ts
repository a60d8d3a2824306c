import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane); @node-rs/argon2 defaults to argon2id.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const MIN_PASSWORD_LENGTH = 12;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A password for a generated account: 20 characters from an unambiguous alphabet (~115 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  // 256 is not a multiple of the alphabet size; rejecting the top bytes keeps every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  let password = '';
  while (password.length < 20) {
    for (const byte of randomBytes(32)) {
      if (byte < limit && password.length < 20) password += alphabet.charAt(byte % alphabet.length);
    }
  }
  return password;
}
