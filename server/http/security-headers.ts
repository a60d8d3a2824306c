import { randomBytes } from 'node:crypto';

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of every page. Scripts run only with this response's nonce (Next puts it on
 * its own inline scripts when it finds it in the request's CSP header); 'strict-dynamic' lets those load
 * their chunks. Styles allow inline attributes because React and the virtual lists set element styles.
 */
export function contentSecurityPolicy(nonce: string, options: { dev: boolean; origins: string[] }): string {
  // A CSP host source cannot be an IPv6 literal: browsers log `ws://[::1]:3000` as an invalid source and
  // ignore it. 'self' already covers the page's own origin's WebSocket in CSP Level 3 browsers.
  const sockets = options.origins
    .filter((origin) => !new URL(origin).hostname.startsWith('['))
    .map((origin) => origin.replace(/^http/, 'ws'));
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${sockets.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers every response carries, pages or not. Behind an https public URL browsers are also told to use
 * https only (a year, the usual HSTS preload minimum) so a network attacker cannot downgrade a later
 * visit; not for subdomains, which this console does not own.
 */
export function baselineHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}
