// A list's own metadata (continue token, resourceVersion) read from its JSON text without parsing the
// items: the informer asks for the next page with it before it parses the current one, so the API
// server builds page n+1 while this process parses page n (docs/benchmarks.md, issue 22's start).

export interface ListMetadata {
  resourceVersion?: string;
  continue?: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** The index just past the string whose opening quote is at `start`. */
function endOfString(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) throw new Error('list JSON ends inside a string');
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/**
 * The top-level `metadata` of a Kubernetes list's JSON text, wherever it stands among the other keys
 * (first for built-in kinds, after `items` for custom resources); `{}` when it has none. Strings are
 * skipped whole, so a key or brace inside an item's value never counts.
 */
export function listMetadata(text: string): ListMetadata {
  let depth = 0;
  let key: string | undefined;
  let metadataStart = -1;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const end = endOfString(text, at);
      // A key of the list object itself is a string at depth 1 followed by a colon.
      if (depth === 1 && metadataStart < 0) {
        let next = end;
        while (next < text.length && text.charCodeAt(next) <= 0x20) next++;
        key = text.charCodeAt(next) === COLON ? (JSON.parse(text.slice(at, end)) as string) : undefined;
      }
      at = end - 1;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (depth === 1 && key === 'metadata' && code === OPEN_BRACE) metadataStart = at;
      depth++;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
      if (depth === 1 && metadataStart >= 0)
        return JSON.parse(text.slice(metadataStart, at + 1)) as ListMetadata;
    }
  }
  if (depth !== 0) throw new Error('list JSON is cut short');
  return {};
}
