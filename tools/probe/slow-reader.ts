import { randomBytes } from 'node:crypto';
import { openRawConnection } from './raw-connection';

/** A client that opened the console's WebSocket and then stopped reading from it. */
export interface SlowReader {
  /** Sends one text message, as a browser would (masked); reading stays stopped. */
  send(text: string): void;
  /** Starts a tRPC subscription (tRPC's WebSocket protocol, no transformer). */
  subscribe(id: number, path: string, input?: unknown): void;
  unsubscribe(id: number): void;
  /**
   * Resolves once the server has let go of the connection: a client that does not read sees that only
   * when its next message is refused (the server's end answers it with a reset).
   */
  closed: Promise<void>;
  isClosed(): boolean;
  abandon(): void;
}

/** A client-to-server text frame: FIN, opcode 1, masked with a fresh key. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : length < 65_536
        ? Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x81, 0x80 | 127]), Buffer.alloc(8)]);
  if (length >= 65_536) header.writeBigUInt64BE(BigInt(length), 2);
  const mask = randomBytes(4);
  const masked = Buffer.alloc(length);
  for (let i = 0; i < length; i++) masked[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return Buffer.concat([header, mask, masked]);
}

/**
 * Opens /ws with `cookie` from `origin`, reads the handshake's answer and nothing after it: everything
 * the server sends stays in the network's buffers and then in the server's, as it would for a client
 * that pauses its socket.
 */
export async function openSlowReader(url: string, cookie: string, origin = url): Promise<SlowReader> {
  const socket = await openRawConnection(url);
  const { host } = new URL(url);
  socket.write(
    [
      'GET /ws HTTP/1.1',
      `Host: ${host}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      `Origin: ${origin}`,
      `Cookie: ${cookie}`,
      '',
      '',
    ].join('\r\n'),
  );
  const status = await new Promise<string>((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.pause();
      resolve(head.slice(0, head.indexOf('\r\n')));
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`the upgrade was closed after ${JSON.stringify(head)}`)));
  });
  if (!status.includes(' 101 ')) {
    socket.destroy();
    throw new Error(`the WebSocket upgrade was answered ${status}`);
  }
  let done = false;
  const closed = new Promise<void>((resolve) => {
    socket.removeAllListeners('error');
    socket.removeAllListeners('close');
    socket.on('error', () => undefined);
    socket.once('close', () => {
      done = true;
      resolve();
    });
  });
  const send = (text: string) => {
    if (!done) socket.write(textFrame(text));
  };
  return {
    send,
    subscribe: (id, path, input) => {
      send(JSON.stringify({ id, method: 'subscription', params: { path, input } }));
    },
    unsubscribe: (id) => {
      send(JSON.stringify({ id, method: 'subscription.stop' }));
    },
    closed,
    isClosed: () => done,
    abandon: () => socket.destroy(),
  };
}
