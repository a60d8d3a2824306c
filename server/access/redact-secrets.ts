const SECRET_KEY = /pass(word)?|secret|token|private|credential|htpasswd|cert|tls\.key|bmc/i;
const MAX_STRING = 200;
const MAX_DEPTH = 6;
/** Items of an array, and keys of an object, kept; the rest is counted in a marker. */
const MAX_ITEMS = 50;
export const REDACTED = '[redacted]';

function cut(text: string): string {
  return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}… (${text.length} chars)` : text;
}

/**
 * A copy of a mutation's input fit for the audit log: values under secret-looking keys replaced, long
 * strings and keys cut, long arrays and objects cut with a marker saying how much went, deep nesting
 * collapsed. Keys are kept so the entry still says what was sent.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cut(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ITEMS).map((item) => redactSecrets(item, depth + 1));
    return value.length > MAX_ITEMS ? [...kept, `… (${value.length - MAX_ITEMS} more items)`] : kept;
  }
  const entries = Object.entries(value);
  const kept = entries
    .slice(0, MAX_ITEMS)
    .map(([key, item]) => [
      cut(key),
      SECRET_KEY.test(key) && item !== null && item !== undefined && item !== ''
        ? REDACTED
        : redactSecrets(item, depth + 1),
    ]);
  if (entries.length > MAX_ITEMS) kept.push(['…', `${entries.length - MAX_ITEMS} more keys`]);
  return Object.fromEntries(kept);
}
