import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { KeyedRate, rateSettingSchema, type RateLimits } from '../lib/keyed-rate';

export interface ConnectionCaps {
  perAddress: number;
  total: number;
  /** New connections one address may open a second (after a burst). */
  ratePerAddress: RateLimits;
}

/**
 * Far above a browser's handful of connections a page and an office behind one NAT address; far below
 * a client that reconnects in a loop each time it is answered and closed (431, 413), which costs the
 * server an accept, a parse and an answer each time.
 */
export const DEFAULT_CONNECTION_RATE: RateLimits = { perSecond: 100, burst: 400 };

/** RACKPILOT_CONNECTION_RATE_PER_ADDRESS: `<new connections a second>:<burst>`. */
export const connectionRateSchema = rateSettingSchema('100:400', 'connections');

/**
 * Counts every TCP connection the server accepts (HTTP, and the same socket once upgraded to a
 * WebSocket) and drops a connection over either cap, or opened faster than its address's pace, at once,
 * as Node's own maxConnections does: one address cannot take the whole process's descriptors, nor can
 * many together, nor can one keep the server busy accepting. No 503 is written: the
 * HTTP parser already owns the socket and would read the request anyway.
 */
export function capConnections(server: Server, caps: ConnectionCaps): void {
  const byAddress = new Map<string, number>();
  const pace = new KeyedRate(caps.ratePerAddress);
  let open = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const fromAddress = byAddress.get(address) ?? 0;
    if (open >= caps.total || fromAddress >= caps.perAddress || pace.waitFor(address) > 0) {
      socket.destroy();
      return;
    }
    pace.reserve(address);
    open++;
    byAddress.set(address, fromAddress + 1);
    socket.once('close', () => {
      open--;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    });
  });
}
