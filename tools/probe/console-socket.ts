import WebSocket from 'ws';

export interface SocketAttempt {
  /** 101 when it opened, else the HTTP status that refused it (0: no HTTP answer at all). */
  status: number;
  socket?: WebSocket;
}

/** Opens the console's WebSocket at /ws as a browser would, optionally from another loopback address. */
export function openConsoleSocket(
  url: string,
  cookie: string,
  { localAddress, origin = url }: { localAddress?: string; origin?: string } = {},
): Promise<SocketAttempt> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, {
      headers: { origin, ...(cookie ? { cookie } : {}) },
      localAddress,
    });
    socket.once('open', () => resolve({ status: 101, socket }));
    socket.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once('error', () => resolve({ status: 0 }));
  });
}

export interface LiveSubscription {
  /** Messages received so far (started, data and errors). */
  messages: unknown[];
  /** True once the server started the subscription, false when it refused it. */
  started: Promise<boolean>;
  /** Resolves once the subscription has ended: stopped or errored by the server, or its socket closed. */
  ended: Promise<string>;
}

/** Starts a tRPC subscription on an open socket (tRPC's WebSocket protocol, no transformer). */
export function subscribe(socket: WebSocket, id: number, path: string, input?: unknown): LiveSubscription {
  const messages: unknown[] = [];
  let onStart: (started: boolean) => void = () => undefined;
  const started = new Promise<boolean>((resolve) => (onStart = resolve));
  const ended = new Promise<string>((resolve) => {
    const finish = (how: string) => {
      socket.off('message', onMessage);
      socket.off('close', onClose);
      onStart(false);
      resolve(how);
    };
    const onMessage = (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as {
        id?: number;
        result?: { type?: string };
        error?: unknown;
      };
      if (message.id !== id) return;
      messages.push(message);
      if (message.error) finish('error');
      else if (message.result?.type === 'stopped') finish('stopped');
      else onStart(true);
    };
    const onClose = (code: number) => finish(`closed ${code}`);
    socket.on('message', onMessage);
    socket.on('close', onClose);
  });
  socket.send(JSON.stringify({ id, method: 'subscription', params: { path, input } }));
  return { messages, started, ended };
}

/** Asks the server to stop a subscription, as the client does when a page unmounts. */
export function unsubscribe(socket: WebSocket, id: number): void {
  socket.send(JSON.stringify({ id, method: 'subscription.stop' }));
}
