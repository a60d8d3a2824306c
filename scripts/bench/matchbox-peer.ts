// Matchbox as the boot benchmark's peer: its file store written for the benchmark's MACs, the binary
// (built from its Go module into the cache, matchbox-binary.ts) started on a loopback port, stopped and
// its files removed afterwards. Matchbox is never part of the project.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ensureMatchbox } from './matchbox-binary';
import { matchboxStoreFiles } from './matchbox-store';

export interface RunningMatchbox {
  port: number;
  pid: number;
  /** Its log (one line per request at its default level), kept after it stops. */
  logPath: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  });
}

async function waitForScript(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`matchbox did not answer ${url} within ${timeoutMs} ms (${last})`);
}

/** Starts Matchbox serving our install profile for `macs`, building it first when the cache has none. */
export async function startMatchbox(
  base: string,
  macs: readonly string[],
  log: (line: string) => void,
): Promise<RunningMatchbox> {
  const binary = await ensureMatchbox(log);
  const dataPath = await mkdtemp(join(tmpdir(), 'rackpilot-bench-matchbox-'));
  for (const file of matchboxStoreFiles(base, macs)) {
    const path = join(dataPath, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
  }
  await mkdir(join(dataPath, 'assets'));
  const port = await freePort();
  // A file, as a service's journal would be: its per-request lines stay off our output.
  const logPath = join(tmpdir(), `rackpilot-bench-matchbox-${process.pid}.log`);
  const logFile = await open(logPath, 'a');
  const child = spawn(
    binary,
    ['-address', `127.0.0.1:${port}`, '-data-path', dataPath, '-assets-path', join(dataPath, 'assets')],
    // The environment passes through: Matchbox reads MATCHBOX_LOG_LEVEL and its other flags from it.
    { stdio: ['ignore', logFile.fd, logFile.fd] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await logFile.close();
    await rm(dataPath, { recursive: true, force: true });
  };
  try {
    await waitForScript(`http://127.0.0.1:${port}/ipxe?mac=${macs[0] ?? ''}`, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, pid: child.pid ?? 0, logPath, stop };
}
