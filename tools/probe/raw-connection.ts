import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

/** A TCP (or TLS) connection to the console's host and port, for requests no HTTP client would send. */
export function openRawConnection(url: string): Promise<Socket> {
  const { protocol, hostname, port } = new URL(url);
  const secure = protocol === 'https:';
  const host = hostname.replace(/^\[|\]$/g, '');
  const options = { host, port: Number(port) || (secure ? 443 : 80) };
  return new Promise((resolve, reject) => {
    const socket = secure ? connectTls({ ...options, servername: host }) : connectTcp(options);
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

export interface Closing {
  /** Resolves with what the server sent before the connection closed. */
  closed: Promise<string>;
  /** Whether the server has closed it yet. */
  isClosed(): boolean;
  /** Lets go of the connection from this side (the probe's clean-up). */
  abandon(): void;
}

/** Collects what the server sends and notices when it closes the connection (or resets it). */
export function watchClose(socket: Socket): Closing {
  let received = '';
  let done = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => {
    const finish = () => {
      done = true;
      socket.destroy();
      resolve(received);
    };
    socket.once('end', finish);
    socket.once('close', finish);
  });
  return { closed, isClosed: () => done, abandon: () => socket.destroy() };
}

/** Resolves when every promise has, or with false when the signal or the deadline comes first. */
export async function allWithin(
  promises: Promise<unknown>[],
  ms: number,
  signal: AbortSignal,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    signal.addEventListener('abort', () => resolve(false), { once: true });
  });
  try {
    return await Promise.race([Promise.all(promises).then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
