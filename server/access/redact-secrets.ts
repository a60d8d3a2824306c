const SECRET_KEY = /pass(word)?|secret|token|private|credential|htpasswd|cert|tls\.key|bmc/i;
const MAX_STRING = 200;
const MAX_DEPTH = 6;
export const REDACTED = '[redacted]';

/**
 * A copy of a mutation's input fit for the audit log: values under secret-looking keys replaced, long
 * strings cut, deep nesting collapsed. Keys are kept so the entry still says what was sent.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (${value.length} chars)` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested]';
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) && item !== null && item !== undefined && item !== ''
        ? REDACTED
        : redactSecrets(item, depth + 1),
    ]),
  );
}
