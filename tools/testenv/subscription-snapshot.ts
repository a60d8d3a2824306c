import { openConsoleSocket, subscribe, unsubscribe } from '../probe/console-socket';
import type { ConsoleClient } from './console-client';

/**
 * The first view a live-view subscription (server/api/live-view.ts) sends, read over the console's
 * WebSocket as the browser does, then the subscription and socket are let go.
 */
export async function firstSnapshot<T>(client: ConsoleClient, path: string, input?: unknown): Promise<T> {
  const opened = await openConsoleSocket(client.url, client.cookie);
  const socket = opened.socket;
  if (!socket) throw new Error(`${path}: the WebSocket was refused (${opened.status})`);
  try {
    const live = subscribe(socket, 1, path, input);
    for (;;) {
      const value = live.messages
        .map((message) => (message as { result?: { type?: string; data?: { view?: T } } }).result)
        .find((result) => result?.type === 'data' && result.data?.view !== undefined);
      if (value?.data?.view !== undefined) {
        unsubscribe(socket, 1);
        return value.data.view;
      }
      const ended = await Promise.race([
        live.ended,
        new Promise<undefined>((resolve) => setTimeout(resolve, 50)),
      ]);
      if (ended !== undefined) throw new Error(`${path}: ended (${ended}) before a value`);
    }
  } finally {
    socket.close();
  }
}
