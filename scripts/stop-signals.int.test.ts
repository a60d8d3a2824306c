import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { controllerNames } from '../server/controllers/build-controllers';
import { freePort } from '../tools/testenv/free-port';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every process below `pid`, read from /proc (Linux, where the project runs). */
async function descendants(pid: number): Promise<{ pid: number; command: string }[]> {
  const children = new Map<number, { pid: number; command: string }[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const list = children.get(parent) ?? [];
      list.push({ pid: Number(entry), command });
      children.set(parent, list);
    } catch {
      // gone meanwhile
    }
  }
  const found: { pid: number; command: string }[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child.pid);
    }
  };
  walk(pid);
  return found;
}

const stateDirs: string[] = [];
afterAll(async () => {
  for (const dir of stateDirs) await rm(dir, { recursive: true, force: true });
});

describe('stopping like a service', () => {
  it('kill <pid of npm start> stops the server and the embedded PostgreSQL, as Ctrl-C does', async () => {
    const port = await freePort();
    const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-stop-'));
    stateDirs.push(stateDir);
    const { DATABASE_URL: _unused, ...env } = process.env;
    // The test cluster stands in for the local one (building it is not this test's business); the
    // database is the embedded PostgreSQL `npm start` runs when DATABASE_URL is unset.
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        RACKPILOT_STATE_DIR: stateDir,
        RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','),
        RACKPILOT_ADMIN_PASSWORD: 'stop-signal-test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const pid = npm.pid ?? 0;
    await vi.waitFor(
      async () => {
        expect(npm.exitCode, output).toBeNull();
        expect((await fetch(`http://127.0.0.1:${port}/api/readyz`)).ok).toBe(true);
      },
      { timeout: 240_000, interval: 500 },
    );
    const tree = await descendants(pid);
    expect(
      tree.some((process) => /postgres/.test(process.command)),
      output,
    ).toBe(true);
    expect(
      // The compiled start script (tools/build/build-server.mjs), in its own process group.
      tree.some((process) => /\.build\/server\/start\.mjs/.test(process.command)),
      output,
    ).toBe(true);

    process.kill(pid, 'SIGTERM');

    await vi.waitFor(
      () => {
        const alive = tree.filter((process) => existsSync(`/proc/${process.pid}`));
        expect(
          alive.map((process) => process.command),
          output,
        ).toEqual([]);
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(output).toMatch(/stopp/i);
  }, 330_000);

  it('Ctrl-C while the local control plane is first built stops the build at once and starts nothing', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-stop-'));
    const cacheDir = await mkdtemp(join(tmpdir(), 'rackpilot-stop-cache-'));
    stateDirs.push(stateDir, cacheDir);
    // No KUBECONFIG: the start builds its own control plane, into a cache folder of its own (Go's
    // caches stay warm, so the compiles it reaches are quick, but the build runs its course).
    const { DATABASE_URL: _database, KUBECONFIG: _kubeconfig, ...env } = process.env;
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...env,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        RACKPILOT_STATE_DIR: stateDir,
        RACKPILOT_CACHE_DIR: cacheDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const pid = npm.pid ?? 0;
    const isGoBuild = (command: string) => /(^|\/)go (build|install) /.test(command);
    let tree: { pid: number; command: string }[] = [];
    await vi.waitFor(
      async () => {
        expect(npm.exitCode, output).toBeNull();
        tree = await descendants(pid);
        expect(tree.some((process) => isGoBuild(process.command))).toBe(true);
      },
      { timeout: 180_000, interval: 100 },
    );

    process.kill(pid, 'SIGINT');

    await vi.waitFor(
      async () => {
        const alive = [...tree, ...(await descendants(pid))].filter(
          (process) =>
            existsSync(`/proc/${process.pid}/cmdline`) &&
            readFileSync(`/proc/${process.pid}/cmdline`).length > 0,
        );
        expect(
          alive.map((process) => process.command),
          output,
        ).toEqual([]);
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(output).toMatch(/stopped: go /);
    expect(output).not.toMatch(/starting local control plane/);
    // Nothing half-built is left for the next start to trust, and no lock to wait on.
    const controlplane = join(cacheDir, 'controlplane');
    expect(existsSync(controlplane) ? await readdir(controlplane) : []).toEqual([]);
  }, 240_000);
});
