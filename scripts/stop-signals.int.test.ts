import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { controllerNames } from '../server/controllers/build-controllers';
import { freePort } from '../tools/testenv/free-port';
import { descendants, isRunning, type ProcessEntry } from '../tools/testenv/processes';

const root = fileURLToPath(new URL('..', import.meta.url));

const stateDirs: string[] = [];
afterAll(async () => {
  for (const dir of stateDirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  stateDirs.push(dir);
  return dir;
}

/** `npm start` on a free loopback port with a state folder of its own, its output collected. */
async function startNpm(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      RACKPILOT_STATE_DIR: await tempDir('rackpilot-stop-'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { npm, pid: npm.pid ?? 0, port, output: () => output };
}

/** Waits until none of `seen`, and nothing still below `pid`, runs any more. */
async function untilStopped(pid: number, seen: ProcessEntry[], output: () => string, timeout: number) {
  await vi.waitFor(
    async () => {
      const running = [...seen, ...(await descendants(pid))].filter((process) => isRunning(process.pid));
      expect(
        running.map((process) => process.command),
        output(),
      ).toEqual([]);
    },
    { timeout, interval: 250 },
  );
}

describe('stopping like a service', () => {
  it('kill <pid of npm start> stops the server and the embedded PostgreSQL, as Ctrl-C does', async () => {
    const { DATABASE_URL: _unused, ...env } = process.env;
    // The test cluster stands in for the local one (building it is not this test's business); the
    // database is the embedded PostgreSQL `npm start` runs when DATABASE_URL is unset.
    const { npm, pid, port, output } = await startNpm({
      ...env,
      RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','),
      RACKPILOT_ADMIN_PASSWORD: 'stop-signal-test',
    });
    await vi.waitFor(
      async () => {
        expect(npm.exitCode, output()).toBeNull();
        expect((await fetch(`http://127.0.0.1:${port}/api/readyz`)).ok).toBe(true);
      },
      { timeout: 240_000, interval: 500 },
    );
    const tree = await descendants(pid);
    expect(
      tree.some((process) => /postgres/.test(process.command)),
      output(),
    ).toBe(true);
    expect(
      // The compiled start script (tools/build/build-server.mjs), in its own process group.
      tree.some((process) => /\.build\/server\/start\.mjs/.test(process.command)),
      output(),
    ).toBe(true);

    process.kill(pid, 'SIGTERM');

    await untilStopped(pid, tree, output, 60_000);
    expect(output()).toMatch(/stopp/i);
  }, 330_000);

  it('Ctrl-C while the local control plane is first built stops the build at once and starts nothing', async () => {
    const cacheDir = await tempDir('rackpilot-stop-cache-');
    // No KUBECONFIG: the start builds its own control plane, into a cache folder of its own (Go's
    // caches stay warm, so the compiles it reaches are quick, but the build runs its course).
    const { DATABASE_URL: _database, KUBECONFIG: _kubeconfig, ...env } = process.env;
    const { npm, pid, output } = await startNpm({ ...env, RACKPILOT_CACHE_DIR: cacheDir });
    const isGoBuild = (command: string) => /(^|\/)go (build|install) /.test(command);
    let tree: ProcessEntry[] = [];
    await vi.waitFor(
      async () => {
        expect(npm.exitCode, output()).toBeNull();
        tree = await descendants(pid);
        expect(tree.some((process) => isGoBuild(process.command))).toBe(true);
      },
      { timeout: 180_000, interval: 100 },
    );

    process.kill(pid, 'SIGINT');

    await untilStopped(pid, tree, output, 30_000);
    expect(output()).toMatch(/stopped: go /);
    expect(output()).not.toMatch(/starting local control plane/);
    // Nothing half-built is left for the next start to trust, and no lock to wait on.
    const controlplane = join(cacheDir, 'controlplane');
    expect(existsSync(controlplane) ? await readdir(controlplane) : []).toEqual([]);
  }, 240_000);
});
