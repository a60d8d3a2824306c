/** Cookie name → value of a Cookie header; the first occurrence of a name wins, as browsers send the most specific first. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, Math.max(eq, 0)).trim();
    if (!name || cookies.has(name)) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

export interface CookieOptions {
  /** Seconds until the browser drops it; 0 deletes it; undefined makes it a browser-session cookie. */
  maxAgeSeconds?: number;
  secure: boolean;
}

/**
 * The name a cookie is sent under. Over https it carries the `__Host-` prefix: browsers then accept it
 * only from this very host (Secure, Path=/, no Domain), so a sibling subdomain cannot plant a cookie of
 * that name to shadow the session. Over plain http browsers refuse the prefix, so the name stays bare.
 */
export function cookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

/** An HttpOnly, SameSite=Lax cookie for the whole site. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${cookieName(name, options.secure)}=${encodeURIComponent(value)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
