import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildOnce } from './build-lock';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'build-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('buildOnce', () => {
  it('builds once when several callers race, and the others wait for that build', async () => {
    const lockPath = join(dir, 'build.lock');
    const marker = join(dir, '.complete');
    let builds = 0;
    const logs: string[] = [];
    const caller = () =>
      buildOnce({
        lockPath,
        isDone: () => existsSync(marker),
        log: (line) => logs.push(line),
        pollMs: 10,
        build: async () => {
          builds++;
          // Done only once both others are waiting for it, however slowly they came.
          while (logs.length < 2) await sleep(10);
          await writeFile(marker, 'done');
        },
      });
    await Promise.all([caller(), caller(), caller()]);
    expect(builds).toBe(1);
    expect(logs).toEqual(Array(2).fill(`a build by pid ${String(process.pid)} is under way; waiting for it`));
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const lockPath = join(dir, 'build.lock');
    const dead = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    await writeFile(lockPath, dead);
    let built = false;
    await buildOnce({
      lockPath,
      isDone: () => built,
      log: () => undefined,
      pollMs: 10,
      build: () => {
        built = true;
        return Promise.resolve();
      },
    });
    expect(built).toBe(true);
  });

  it('releases the lock when the build fails, so the next caller can try again', async () => {
    const lockPath = join(dir, 'build.lock');
    const failing = buildOnce({
      lockPath,
      isDone: () => false,
      log: () => undefined,
      build: () => Promise.reject(new Error('go build failed')),
    });
    await expect(failing).rejects.toThrow('go build failed');
    expect(existsSync(lockPath)).toBe(false);
  });
});
