import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { signInAsAdmin, type ConsoleClient } from '../../tools/testenv/console-client';
import { openConsoleSocket, subscribe, unsubscribe } from '../../tools/probe/console-socket';
import { eventually } from '../../tools/testenv/eventually';
import {
  TEST_ADMIN_PASSWORD,
  type ServerProcess,
  startConsoleServer,
} from '../../tools/testenv/server-process';
import { unansweredUpgradesProbe } from '../../tools/probe/finding-01-unanswered-upgrades';
import { smallerEdgesProbe } from '../../tools/probe/finding-14-smaller-edges';
import { openRawConnection, watchClose } from '../../tools/probe/raw-connection';

const PER_ADDRESS = 64;
const TOTAL = 96;
const SUBSCRIPTIONS = 4;
let server: ServerProcess;
let admin: ConsoleClient;

beforeAll(async () => {
  server = await startConsoleServer({
    RACKPILOT_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
    RACKPILOT_MAX_CONNECTIONS: String(TOTAL),
    RACKPILOT_HANDSHAKE_TIMEOUT_MS: '3000',
    RACKPILOT_MAX_SUBSCRIPTIONS_PER_SOCKET: String(SUBSCRIPTIONS),
  });
  admin = await signInAsAdmin(server.url);
});

afterAll(async () => {
  await server.stop();
});

/** Opens sockets from one address until the server drops one; returns the open ones and that attempt's status. */
async function fillFrom(localAddress: string, most: number): Promise<{ open: WebSocket[]; refusal: number }> {
  const open: WebSocket[] = [];
  for (let i = 0; i < most; i++) {
    const attempt = await openConsoleSocket(server.url, admin.cookie, { localAddress });
    if (!attempt.socket) return { open, refusal: attempt.status };
    open.push(attempt.socket);
  }
  return { open, refusal: 101 };
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map((socket) => new Promise((resolve) => socket.once('close', resolve).terminate())),
  );
}

describe('connections at the edge', () => {
  it('answers and closes upgrades off /ws and half-open handshakes (probe)', async () => {
    const outcome = await unansweredUpgradesProbe.run({ url: server.url }, AbortSignal.timeout(50_000));
    expect(outcome.held, outcome.detail).toBe(true);
  });

  it('does not let bogus upgrades accumulate: many rounds leave room for real clients', async () => {
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: PER_ADDRESS }, async () => {
          const socket = await openRawConnection(server.url);
          const watch = watchClose(socket);
          socket.write(
            `GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`,
          );
          return watch.closed;
        }),
      );
      expect(answers.every((text) => text.startsWith('HTTP/1.1 404 '))).toBe(true);
    }
    const ok = await openConsoleSocket(server.url, admin.cookie);
    expect(ok.status).toBe(101);
    ok.socket?.close();
  });

  it('drops a client over the per-address cap and over the total cap, and lets them in again later', async () => {
    const first = await fillFrom('127.0.0.1', PER_ADDRESS + 1);
    expect(first.refusal, 'dropped without an HTTP answer').toBe(0);
    expect(first.open.length).toBeGreaterThan(PER_ADDRESS / 2);
    expect(first.open.length).toBeLessThanOrEqual(PER_ADDRESS);
    // Another address has its own allowance, until the total is reached.
    const second = await fillFrom('127.0.0.2', TOTAL);
    expect(second.refusal).toBe(0);
    expect(first.open.length + second.open.length).toBeLessThanOrEqual(TOTAL);
    expect(second.open.length).toBeGreaterThanOrEqual(TOTAL - PER_ADDRESS);
    await closeAll([...first.open, ...second.open]);
    await eventually(async () => {
      const again = await openConsoleSocket(server.url, admin.cookie);
      expect(again.status).toBe(101);
      again.socket?.close();
    });
  });
});

describe('subscriptions per WebSocket', () => {
  it('are capped (probe), and a stopped one frees its slot', async () => {
    const outcome = await smallerEdgesProbe.run(
      { url: server.url, credentials: { username: 'admin', password: TEST_ADMIN_PASSWORD } },
      AbortSignal.timeout(30_000),
    );
    expect(outcome.held, outcome.detail).toBe(true);
    expect(outcome.detail).toContain(`subscription ${SUBSCRIPTIONS + 1} on one WebSocket refused`);

    const opened = await openConsoleSocket(server.url, admin.cookie);
    const socket = opened.socket;
    if (!socket) throw new Error(`socket refused: ${opened.status}`);
    try {
      for (let id = 1; id <= SUBSCRIPTIONS; id++) {
        expect(await subscribe(socket, id, 'overview.live').started).toBe(true);
      }
      const refused = subscribe(socket, 100, 'overview.live');
      expect(await refused.started).toBe(false);
      expect(JSON.stringify(refused.messages)).toContain('TOO_MANY_REQUESTS');
      unsubscribe(socket, 1);
      await expect
        .poll(async () => subscribe(socket, 200 + Math.floor(Math.random() * 1e6), 'overview.live').started)
        .toBe(true);
      // Another socket has its own allowance.
      const other = await openConsoleSocket(server.url, admin.cookie);
      expect(await subscribe(other.socket ?? socket, 1, 'overview.live').started).toBe(true);
      other.socket?.close();
    } finally {
      socket.close();
    }
  });
});
