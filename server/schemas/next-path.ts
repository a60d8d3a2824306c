// Any origin works as the base: only whether the result stays on it matters.
const BASE = 'http://next-path.invalid';
// Enough for any encoding a link of ours produces; more layers than this is an attack.
const MAX_DECODE_ROUNDS = 4;
/**
 * Browsers drop tab and newline anywhere in a URL and trim control characters, and treat `\` as `/`:
 * each can turn a path into `//host`.
 */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/** The value with every layer of percent-encoding removed, or undefined when it does not decode. */
function fullyDecoded(value: string): string | undefined {
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (decoded === current) return current;
    current = decoded;
  }
  return undefined;
}

/**
 * A path on this site: after full decoding (which keeps every raw character), one leading slash and
 * nothing that turns it into `//host`.
 */
function isSitePath(value: string): boolean {
  const decoded = fullyDecoded(value);
  return decoded !== undefined && /^\/(?![/\\])/.test(decoded) && !hasUnsafeCharacter(decoded);
}

/**
 * A `next` parameter is followed only to a path on this site, never to another host: the value must be a
 * same-origin relative path both as given and after full decoding, and the result is the browser's own
 * reading of it (normalised by URL), checked again so dot segments cannot produce `//host`.
 */
export function safeNextPath(value: string | null): string {
  if (!value || !isSitePath(value)) return '/';
  const url = new URL(value, BASE);
  if (url.origin !== BASE) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSitePath(path) ? path : '/';
}
