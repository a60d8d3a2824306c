import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The CPU `own` names and the CPUs other than it, as taskset's list: where everything but the measured
 * process runs when it is given a core of its own. Refuses anything but a CPU this machine has, and a
 * machine of one CPU.
 */
export function otherCpus(own: string, count: number): { cpu: number; others: string } {
  const cpu = /^\d+$/.test(own) ? Number(own) : Number.NaN;
  if (!(cpu < count)) throw new Error(`--server-cpu ${own}: give a CPU from 0 to ${count - 1}`);
  if (count < 2) throw new Error('--server-cpu needs at least two CPUs, and this machine has one');
  const others = Array.from({ length: count }, (_, each) => each).filter((each) => each !== cpu);
  return { cpu, others: others.join(',') };
}

/** Puts every thread of `pid` on `cpus` (taskset's list); threads it starts later inherit it. */
export async function pinProcess(pid: number, cpus: string): Promise<void> {
  try {
    await run('taskset', ['-a', '-p', '-c', cpus, String(pid)]);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(
      missing
        ? 'taskset is not installed (Debian: apt-get install util-linux); run without --server-cpu'
        : `taskset could not place process ${pid} on CPUs ${cpus}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Gives the server CPU `own` alone: this process (and so every process it starts from now on: the
 * control plane, PostgreSQL, the viewers and operators) moves to the other CPUs, and `placeServer`
 * then moves the server to `own`. Separates the server's own work from its wait for a core.
 */
export async function reserveCpu(
  own: string,
): Promise<{ others: string; placeServer: (pid: number) => Promise<void> }> {
  const { cpu, others } = otherCpus(own, availableParallelism());
  await pinProcess(process.pid, others);
  return { others, placeServer: (pid) => pinProcess(pid, String(cpu)) };
}
