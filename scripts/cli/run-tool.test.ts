import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { isRunning } from '../../tools/testenv/processes';
import { runTool } from './run-tool';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rackpilot-run-tool-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A node process that starts a grandchild (whose pid it writes to a file) and then runs `body`. */
function tool(body: string, pidFile: string): string[] {
  return [
    '-e',
    `const { spawn } = require('node:child_process');
     const grandchild = spawn('sleep', ['60'], { stdio: 'ignore' });
     require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(grandchild.pid));
     ${body}`,
  ];
}

const options = (stop = new AbortController().signal) => ({ cwd: dir, env: process.env, stop });

describe('runTool', () => {
  it('passes on the exit code and takes what the tool left running with it', async () => {
    const pidFile = join(dir, 'exit.pid');
    expect(await runTool(process.execPath, tool('process.exit(3)', pidFile), options())).toBe(3);
    const grandchild = Number(await readFile(pidFile, 'utf8'));
    await eventually(() => expect(isRunning(grandchild)).toBe(false), 5_000);
  });

  it('kills a watched tool and its group once the progress file has been quiet too long', async () => {
    const pidFile = join(dir, 'stall.pid');
    const progressFile = join(dir, 'stall.progress');
    await writeFile(progressFile, '');
    // Progress once the grandchild's pid is written, then none. The quiet time allowed is longer than a
    // start of node on a loaded machine: killed before it wrote the pid, the tool would leave nothing
    // to check.
    const body = `require('node:fs').appendFileSync(${JSON.stringify(progressFile)}, 'x');
      setInterval(() => undefined, 1000);`;
    const outcome = await runTool(process.execPath, tool(body, pidFile), {
      ...options(),
      watch: { progressFile, stallMs: 5_000, pollMs: 50 },
    });
    expect(outcome).toBe('stalled');
    const grandchild = Number(await readFile(pidFile, 'utf8'));
    await eventually(() => expect(isRunning(grandchild)).toBe(false), 5_000);
  }, 30_000);

  it('lets a watched tool run while it writes progress', async () => {
    const pidFile = join(dir, 'busy.pid');
    const progressFile = join(dir, 'busy.progress');
    await writeFile(progressFile, '');
    const body = `let n = 0;
      const timer = setInterval(() => {
        require('node:fs').appendFileSync(${JSON.stringify(progressFile)}, 'x');
        if (++n === 10) { clearInterval(timer); process.exit(0); }
      }, 100);`;
    const outcome = await runTool(process.execPath, tool(body, pidFile), {
      ...options(),
      watch: { progressFile, stallMs: 5_000, pollMs: 50 },
    });
    expect(outcome).toBe(0);
  }, 30_000);

  it('stops the tool when asked to stop, and refuses to start once stopped', async () => {
    const controller = new AbortController();
    const running = runTool(
      process.execPath,
      tool('setInterval(() => undefined, 1000)', join(dir, 'abort.pid')),
      options(controller.signal),
    );
    await eventually(async () => expect(await readFile(join(dir, 'abort.pid'), 'utf8')).not.toBe(''), 20_000);
    controller.abort();
    expect(await running).toBe(1);
    await expect(runTool(process.execPath, ['-e', ''], options(controller.signal))).rejects.toThrow(/abort/);
  }, 30_000);
});
