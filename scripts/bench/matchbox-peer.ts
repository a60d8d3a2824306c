// Matchbox as the boot benchmark's peer: its file store written for the benchmark's MACs, the binary
// started on a loopback port, stopped and its files removed afterwards. Matchbox is never part of the
// project; the binary is only run from the cache when someone has built it there.
import { spawn } from 'node:child_process';
import { access, mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { matchboxStoreFiles } from './matchbox-store';

export const MATCHBOX_BINARY = join(homedir(), '.cache', 'rackpilot', 'bench', 'matchbox');

/** One line on how to get the binary, printed when it is missing. */
export const MATCHBOX_HOW_TO =
  'build it once outside the repository: export the tree of github.com/poseidon/matchbox and run `go build -trimpath -o ~/.cache/rackpilot/bench/matchbox ./cmd/matchbox` in it';

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

/** Starts Matchbox serving our install profile for `macs`; throws with the way to get it when absent. */
export async function startMatchbox(base: string, macs: readonly string[]): Promise<RunningMatchbox> {
  try {
    await access(MATCHBOX_BINARY);
  } catch {
    throw new Error(`no Matchbox binary at ${MATCHBOX_BINARY}: ${MATCHBOX_HOW_TO}`);
  }
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
    MATCHBOX_BINARY,
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
