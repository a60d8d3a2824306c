import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../tools/testenv/console-client';
import { openConsoleSocket, subscribe } from '../../tools/probe/console-socket';
import {
  TEST_ADMIN_PASSWORD,
  type ServerProcess,
  startConsoleServer,
} from '../../tools/testenv/server-process';
import { openEventStream } from '../../tools/probe/event-stream';
import { subscriptionsOutliveSessionProbe } from '../../tools/probe/finding-05-subscriptions-outlive-session';

const ENDS_WITHIN_MS = 5_000;
const id = randomBytes(3).toString('hex');
let server: ServerProcess;
let admin: ConsoleClient;

beforeAll(async () => {
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
});

afterAll(async () => {
  await server.stop();
});

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} still open after 5 s`)), ENDS_WITHIN_MS);
    }),
  ]);
}

/**
 * Opens the same live view over both transports a client could use (WebSocket and HTTP/SSE), makes the
 * session end or change, and requires every stream to be over within 5 s.
 */
async function expectStreamsEnd(cookie: string, path: string, end: () => Promise<void>): Promise<void> {
  const opened = await openConsoleSocket(server.url, cookie);
  expect(opened.status).toBe(101);
  const socket = opened.socket;
  if (!socket) return;
  const overSocket = subscribe(socket, 1, path);
  const overHttp = await openEventStream(server.url, cookie, path);
  expect(await overSocket.started).toBe(true);
  try {
    await end();
    await within(overSocket.ended, 'the WebSocket subscription');
    await within(overHttp.ended, 'the HTTP (SSE) subscription');
  } finally {
    overHttp.cancel();
    socket.terminate();
  }
}

describe('live subscriptions end with the session', () => {
  it('are not served over HTTP at all (probe)', async () => {
    const outcome = await subscriptionsOutliveSessionProbe.run(
      { url: server.url, credentials: { username: 'admin', password: TEST_ADMIN_PASSWORD } },
      AbortSignal.timeout(30_000),
    );
    expect(outcome.held, outcome.detail).toBe(true);
    const viewer = await signInAsNew(admin, `sse-${id}`, 'viewer');
    const stream = await openEventStream(server.url, viewer.cookie, 'overview.live');
    expect(stream.status).toBe(405);
    expect(stream.streaming).toBe(false);
  });

  it('on logout', async () => {
    const viewer = await signInAsNew(admin, `logout-${id}`, 'viewer');
    await expectStreamsEnd(viewer.cookie, 'overview.live', async () => {
      const response = await fetch(`${server.url}/api/auth/logout`, {
        method: 'POST',
        headers: { cookie: viewer.cookie, origin: server.url },
      });
      expect(response.status).toBe(200);
    });
  });

  it('when the user is removed', async () => {
    const username = `removed-${id}`;
    const viewer = await signInAsNew(admin, username, 'viewer');
    const users = await admin.query<{ id: string; username: string }[]>('access.users');
    const user = users.data?.find((entry) => entry.username === username);
    await expectStreamsEnd(viewer.cookie, 'overview.live', async () => {
      expect((await admin.mutate('access.removeUser', { id: user?.id })).status).toBe(200);
    });
  });

  it('when the role is downgraded', async () => {
    const username = `downgraded-${id}`;
    const operator = await signInAsNew(admin, username, 'operator');
    const users = await admin.query<{ id: string; username: string }[]>('access.users');
    const user = users.data?.find((entry) => entry.username === username);
    await expectStreamsEnd(operator.cookie, 'overview.live', async () => {
      expect((await admin.mutate('access.setRole', { id: user?.id, role: 'viewer' })).status).toBe(200);
    });
  });

  it('when the screen token is revoked', async () => {
    const minted = await admin.mutate<{ id: string; token: string }>('access.mintScreenToken', {
      name: `screen-${id}`,
    });
    const exchange = await fetch(`${server.url}/wall?token=${minted.data?.token ?? ''}`, {
      redirect: 'manual',
    });
    expect(exchange.status).toBe(302);
    const cookie = exchange.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    await expectStreamsEnd(cookie, 'wall.live', async () => {
      expect((await admin.mutate('access.revokeScreenToken', { id: minted.data?.id })).status).toBe(200);
    });
  });
});
