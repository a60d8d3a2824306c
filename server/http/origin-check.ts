import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a request comes from one of the console's own pages: its Origin header, or failing that its
 * Referer, must be an allowed origin. Requests carrying neither are refused (browsers send Origin on
 * every POST and WebSocket upgrade; scripts can set it).
 */
export function fromAllowedOrigin(headers: IncomingHttpHeaders, allowed: string[]): boolean {
  const origin = headers.origin;
  if (typeof origin === 'string') return allowed.includes(origin);
  const referer = headers.referer;
  if (typeof referer !== 'string') return false;
  try {
    return allowed.includes(new URL(referer).origin);
  } catch {
    return false;
  }
}
