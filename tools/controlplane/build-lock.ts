import { open, readFile, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function holderOf(lockPath: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export interface ExclusiveBuildOptions {
  lockPath: string;
  /** True once the result exists; checked after the lock is taken and while waiting for another builder. */
  isDone: () => boolean;
  build: () => Promise<void>;
  log: (line: string) => void;
  pollMs?: number;
  /** Stops waiting for another builder (the build itself is given the signal by its caller). */
  signal?: AbortSignal;
}

/**
 * Runs `build` in at most one process at a time on this machine. `npm test` starts several processes
 * that all need the control plane; without this each would compile Kubernetes on the same two cores.
 * A lock left by a process that died is taken over.
 */
export async function buildOnce(options: ExclusiveBuildOptions): Promise<void> {
  const pollMs = options.pollMs ?? 2_000;
  let toldWaiting = false;
  for (;;) {
    if (options.isDone()) return;
    let handle;
    try {
      handle = await open(options.lockPath, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (handle) {
      try {
        await handle.writeFile(String(process.pid));
        await handle.close();
        if (!options.isDone()) await options.build();
        return;
      } finally {
        await rm(options.lockPath, { force: true });
      }
    }
    const holder = await holderOf(options.lockPath);
    if (holder !== undefined && !isAlive(holder)) {
      await rm(options.lockPath, { force: true });
      continue;
    }
    // A lock just made holds no pid yet: said at the next look, once its holder has written it.
    if (!toldWaiting && holder !== undefined) {
      options.log(`a build by pid ${String(holder)} is under way; waiting for it`);
      toldWaiting = true;
    }
    await sleep(pollMs, undefined, { signal: options.signal });
  }
}
