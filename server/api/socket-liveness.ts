import { randomBytes } from 'node:crypto';

export interface LivenessTimings {
  /** How often each socket is pinged. */
  pingMs: number;
  /** A ping not answered within this is a dead (or unread) socket. */
  pongWaitMs: number;
}

/** The part of a ws socket liveness uses. */
export interface PingableSocket {
  ping(data: Buffer): void;
  terminate(): void;
  on(event: 'pong', listener: (data: Buffer) => void): unknown;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * Keeps a socket only while it answers WebSocket pings, which browsers do by themselves. Each ping
 * carries fresh random bytes and only a pong that echoes them counts: a client that stopped reading
 * cannot answer a ping it never read, and neither application messages (tRPC's keep-alive counted any
 * message, so a client sending `PONG` every few seconds was never timed out) nor unsolicited pongs
 * keep it open.
 */
export function keepWhileAnswering(
  socket: PingableSocket,
  { pingMs, pongWaitMs }: LivenessTimings,
  onDead: () => void,
): void {
  let expected: Buffer | undefined;
  let deadline: NodeJS.Timeout | undefined;
  const ping = setInterval(() => {
    if (deadline) return;
    expected = randomBytes(8);
    socket.ping(expected);
    deadline = setTimeout(() => {
      onDead();
      socket.terminate();
    }, pongWaitMs);
  }, pingMs);
  socket.on('pong', (data) => {
    if (!expected?.equals(data)) return;
    expected = undefined;
    clearTimeout(deadline);
    deadline = undefined;
  });
  socket.once('close', () => {
    clearInterval(ping);
    clearTimeout(deadline);
  });
}
