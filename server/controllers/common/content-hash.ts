import { createHash } from 'node:crypto';

/**
 * On Deployments: a hash of the whole desired spec. A Deployment whose annotation differs has not
 * been updated yet, which the readiness check reads without comparing defaulted fields.
 */
export const SPEC_HASH_ANNOTATION = 'rackpilot.io/spec-hash';

/** SHA-256 of a value's JSON; callers build values with a fixed key order, so the JSON is stable. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** Secret `data` as the API stores it: base64 of each value, keys in the given order. */
export function base64Data(entries: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(entries).map(([key, text]) => [key, Buffer.from(text).toString('base64')]),
  );
}
