// A server left running by a killed run: found through postmaster.pid and the data dir's owner file,
// and stopped when the process that started it is gone.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { SetupError } from '../setup-error';
import { errorCode, type EmbeddedPostgresPaths } from './embedded-postgres-setup';

export const SHUTDOWN_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return errorCode(error) === 'EPERM';
  }
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

export async function readPid(file: string): Promise<number | undefined> {
  try {
    const pid = Number((await readFile(file, 'utf8')).split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Name, parent pid and command line from /proc, or undefined where /proc is not available. */
async function describeProcess(
  pid: number,
): Promise<{ name: string; ppid: number; command: string } | undefined> {
  try {
    const [statLine, cmdline] = await Promise.all([
      readFile(`/proc/${pid}/stat`, 'utf8'),
      readFile(`/proc/${pid}/cmdline`, 'utf8'),
    ]);
    // "pid (name) state ppid ...": the name may itself contain spaces and parentheses.
    const name = statLine.slice(statLine.indexOf('(') + 1, statLine.lastIndexOf(')'));
    const ppid = Number(statLine.slice(statLine.lastIndexOf(')') + 2).split(' ')[1]);
    return { name, ppid, command: cmdline.split('\0').join(' ') };
  } catch {
    return undefined;
  }
}

/**
 * Handles a postmaster.pid left by an earlier run. A dead pid, or one now used by a process that is not
 * PostgreSQL, is removed. A server on this data dir whose starting process has died (killed without
 * clean-up) is shut down. A server whose starting process is still alive is an error.
 */
export async function recoverLeftoverServer(
  paths: EmbeddedPostgresPaths,
  log: (line: string) => void,
): Promise<void> {
  const { dataDir, ownerFile } = paths;
  const lockFile = join(dataDir, 'postmaster.pid');
  const pid = await readPid(lockFile);
  if (pid === undefined) return;
  const alive = isAlive(pid);
  const info = alive ? await describeProcess(pid) : undefined;
  if (alive && !info) {
    throw new SetupError(
      `${dataDir} is locked by process ${pid}: if that is an old PostgreSQL, stop it (kill ${pid}); ` +
        `if it is not, delete ${lockFile}`,
    );
  }
  if (info?.name !== 'postgres') {
    log(`removing a stale ${lockFile}`);
    await rm(lockFile, { force: true });
    return;
  }
  if (!info.command.includes(dataDir)) {
    throw new SetupError(
      `${lockFile} names pid ${pid}, a PostgreSQL server for another data dir: if no server uses ` +
        `${dataDir}, delete ${lockFile}`,
    );
  }
  const owner = await readPid(ownerFile);
  if (owner === undefined) {
    throw new SetupError(
      `a PostgreSQL server not started by rackpilot (pid ${pid}) is using ${dataDir}: stop it first`,
    );
  }
  if (info.ppid === owner) {
    throw new SetupError(
      owner === process.pid
        ? `PostgreSQL on ${dataDir} is already running in this process`
        : `${dataDir} is in use by PostgreSQL (pid ${pid}) started by process ${owner}: stop that process first`,
    );
  }
  log(`stopping PostgreSQL left running by an earlier run (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, SHUTDOWN_TIMEOUT_MS))) {
    throw new SetupError(
      `PostgreSQL (pid ${pid}) left by an earlier run did not stop: kill it and try again`,
    );
  }
}
