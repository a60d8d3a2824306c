// Issue 16 finding 12: Ctrl-C while machines are booting. The server stops accepting, flushes the
// last batch of sightings and only then stops its embedded PostgreSQL: every sighting the boot
// endpoint answered is in the database when it is started again.
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureServerBuild } from '../../tools/build/build-server.mjs';
import { startServerProcess, type ServerProcess } from '../../tools/testenv/server-process';
import { controllerNames } from '../controllers/build-controllers';
import { startEmbeddedPostgres } from '../db/embedded-postgres';

const PREFIX = `02:5c:${Math.floor(Math.random() * 256)
  .toString(16)
  .padStart(2, '0')}`;
const stateDirs: string[] = [];
const root = fileURLToPath(new URL('../..', import.meta.url));

afterAll(async () => {
  for (const dir of stateDirs) await rm(dir, { recursive: true, force: true });
});

function mac(i: number): string {
  const hex = i.toString(16).padStart(6, '0');
  return `${PREFIX}:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

/** The MAC's sighting answered with 200, or false once the server no longer answers. */
function boot(server: ServerProcess, agent: Agent, address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(`${server.url}/boot/ipxe?mac=${address}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
      res.on('error', () => resolve(false));
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

describe('Ctrl-C during sighting traffic', () => {
  it('leaves every answered sighting in PostgreSQL, found there after a restart', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-stop-sightings-'));
    stateDirs.push(stateDir);
    // No DATABASE_URL: the server runs its embedded PostgreSQL, which it must stop last. Compiled, as
    // `npm start` runs it: Ctrl-C reaches the server itself, with no TypeScript loader in between.
    const build = await ensureServerBuild(root, () => undefined);
    const server = await startServerProcess(
      { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl: '' },
      {
        stateDir,
        extraEnv: {
          RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','),
          RACKPILOT_BOOT_RATE: '1000000:1000000',
          // Past its sighting limit the store forgets the oldest unleased MACs, rows included; a fast
          // machine answers more than the default 20,000 here, and this test is about stopping.
          RACKPILOT_BOOT_MAX_SIGHTINGS: '1000000',
        },
        command: { build },
      },
    );
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const answered: string[] = [];
    let next = 0;
    let sending = true;
    const senders = Array.from({ length: 8 }, async () => {
      while (sending) {
        const address = mac(next++);
        if (await boot(server, agent, address)) answered.push(address);
        else sending = false;
      }
    });
    // Traffic for a while, then Ctrl-C in the middle of it.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const countAtSignal = answered.length;
    await server.stop('SIGINT');
    sending = false;
    await Promise.all(senders);
    agent.destroy();
    expect(countAtSignal).toBeGreaterThan(100);
    expect(server.output()).not.toMatch(/stopping .* (took over|failed)/);

    const database = await startEmbeddedPostgres({ dataDir: join(stateDir, 'postgres') });
    const client = new pg.Client({ connectionString: database.url });
    try {
      await client.connect();
      const rows = await client.query<{ mac: string }>('SELECT mac FROM hardware WHERE mac LIKE $1', [
        `${PREFIX}:%`,
      ]);
      const stored = new Set(rows.rows.map((row) => row.mac));
      const missing = answered.filter((address) => !stored.has(address));
      expect(
        missing.length,
        `${missing.length} of ${answered.length} missing; server said:\n${server.output()}`,
      ).toBe(0);
      // The last ones answered are the ones a flush on a timer alone would have lost.
      expect(stored.has(answered.at(-1) ?? '')).toBe(true);
    } finally {
      await client.end();
      await database.stop();
    }
  }, 300_000);
});
