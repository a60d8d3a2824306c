import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionCaps {
  perAddress: number;
  total: number;
}

/**
 * Counts every TCP connection the server accepts (HTTP, and the same socket once upgraded to a
 * WebSocket) and drops a connection over either cap at once, as Node's own maxConnections does: one
 * address cannot take the whole process's descriptors, nor can many together. No 503 is written: the
 * HTTP parser already owns the socket and would read the request anyway.
 */
export function capConnections(server: Server, caps: ConnectionCaps): void {
  const byAddress = new Map<string, number>();
  let open = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const fromAddress = byAddress.get(address) ?? 0;
    if (open >= caps.total || fromAddress >= caps.perAddress) {
      socket.destroy();
      return;
    }
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
