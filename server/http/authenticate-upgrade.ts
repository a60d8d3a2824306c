import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { principalFromCookies, type AccessServices } from '../access/access-services';
import type { Principal } from '../access/access-rules';
import { fromAllowedOrigin } from './origin-check';

/** Answers an upgrade with a plain HTTP status and lets go of the socket once it is written. */
export function refuseUpgrade(socket: Duplex, status: 401 | 403 | 404 | 503, reason: string): null {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
    // The HTTP server no longer manages an upgraded socket: without this a client that never closes keeps it.
    () => socket.destroy(),
  );
  return null;
}

/**
 * Who opens a WebSocket: the upgrade must come from the console's own origin (a page elsewhere cannot ride
 * the user's cookie) and carry a live session or screen cookie. Refusals answer with a plain HTTP status.
 */
export async function authenticateUpgrade(
  req: IncomingMessage,
  socket: Duplex,
  deps: {
    access: AccessServices;
    allowedOrigins: string[];
    secureCookies: boolean;
    log: (line: string) => void;
  },
): Promise<Principal | null> {
  if (!fromAllowedOrigin(req.headers, deps.allowedOrigins)) return refuseUpgrade(socket, 403, 'Forbidden');
  try {
    const principal = await principalFromCookies(deps.access, req.headers.cookie, deps.secureCookies);
    return principal ?? refuseUpgrade(socket, 401, 'Unauthorized');
  } catch (error) {
    deps.log(`sign-in check failed: ${error instanceof Error ? error.message : String(error)}`);
    return refuseUpgrade(socket, 503, 'Service Unavailable');
  }
}
