import { readdir, readFile } from 'node:fs/promises';

/** CPU seconds (user + system) used so far, by command name, of processes whose command line names `marker`. */
export type CpuByCommand = Map<string, number>;

const CLOCK_TICKS_PER_SECOND = 100;

async function readProcess(
  pid: string,
): Promise<{ cmdline: string; comm: string; ticks: number } | undefined> {
  try {
    const [cmdline, stat] = await Promise.all([
      readFile(`/proc/${pid}/cmdline`, 'utf8'),
      readFile(`/proc/${pid}/stat`, 'utf8'),
    ]);
    // The command name sits in parentheses and may itself hold spaces; the fields after it are fixed.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5); fields[0] here is field 3.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { cmdline: cmdline.replaceAll('\0', ' '), comm, ticks };
  } catch {
    // The process ended between listing and reading.
    return undefined;
  }
}

/**
 * Linux only: sums /proc/<pid>/stat times of every process whose command line contains `marker`; a
 * Node process other than this one is counted as `nodeName`.
 */
export async function cpuByCommand(
  marker: string,
  includeSelf = true,
  nodeName = 'controller',
): Promise<CpuByCommand> {
  const totals: CpuByCommand = new Map();
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  for (const pid of pids) {
    const isSelf = Number(pid) === process.pid;
    const info = await readProcess(pid);
    if (!info || (!info.cmdline.includes(marker) && !(isSelf && includeSelf))) continue;
    // bench-sip's marker names one Node process, its controller; bench-console's, the server.
    const name = isSelf ? 'bench' : info.comm === 'node' ? nodeName : info.comm;
    totals.set(name, (totals.get(name) ?? 0) + info.ticks / CLOCK_TICKS_PER_SECOND);
  }
  return totals;
}

/** What each command used between two readings, largest first, e.g. `kube-apiserver 41.2, etcd 20.3`. */
export function describeCpuDelta(before: CpuByCommand, after: CpuByCommand): string {
  return [...after]
    .map(([name, seconds]) => [name, seconds - (before.get(name) ?? 0)] as const)
    .filter(([, seconds]) => seconds >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1)}`)
    .join(', ');
}

/** CPU seconds (user + system) one process has used so far; NaN once it has ended. */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const info = await readProcess(String(pid));
  return info ? info.ticks / CLOCK_TICKS_PER_SECOND : Number.NaN;
}
