import type { IncomingMessage } from 'node:http';

/**
 * The peer address of a request. X-Forwarded-For is not trusted: anyone could set it to dodge the
 * sign-in rate limit or blur the audit log (docs/decisions.md: client address).
 */
export function clientAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

export function userAgent(req: IncomingMessage): string {
  return typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '';
}
