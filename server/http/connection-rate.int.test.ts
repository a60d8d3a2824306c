import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { type ServerProcess, startConsoleServer } from '../../tools/testenv/server-process';

const BURST = 10;
let server: ServerProcess;

beforeAll(async () => {
  // One new connection a second after the burst: the test's own pauses stay far below a second.
  server = await startConsoleServer({ RACKPILOT_CONNECTION_RATE_PER_ADDRESS: `1:${BURST}` });
});

afterAll(async () => {
  await server.stop();
});

/** A healthz GET on a connection of its own from `localAddress`: its status, or 0 when the server dropped it. */
function healthzFrom(localAddress: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      `${server.url}/api/healthz`,
      { agent: false, localAddress, timeout: 10_000 },
      (res) => {
        res.resume().on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy()).on('error', () => resolve(0));
    req.end();
  });
}

describe('new connections from one address', () => {
  it('are paced: past the burst a reconnecting client is dropped at accept; others are not; it gets back in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < BURST + 5; i++) statuses.push(await healthzFrom('127.0.0.7'));
    expect(statuses.slice(0, BURST).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(BURST), 'dropped without an HTTP answer').toContain(0);

    expect(await healthzFrom('127.0.0.8'), 'another address has its own pace').toBe(200);
    await eventually(async () => expect(await healthzFrom('127.0.0.7')).toBe(200));
  });
});
