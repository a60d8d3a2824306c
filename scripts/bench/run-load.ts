// The machine's load around each benchmark run. This machine is shared: a run that started while more
// processes wanted a core than there are cores measured the neighbours as much as the code, so it is
// marked and left out of the medians (issue 52 §3), though still printed. Only the load at the start
// counts: during a run the benchmark's own processes (control plane, server, clients) raise it.
import { cpus, loadavg } from 'node:os';

export interface RunLoad {
  /** One-minute load average when the run started and when it ended. */
  before: number;
  after: number;
  cores: number;
}

export function currentLoad(): number {
  return loadavg()[0] ?? Number.NaN;
}

export function machineCores(): number {
  return cpus().length;
}

/** Over the machine's cores when the run started (an unknown load counts as busy). */
export function isBusy(load: RunLoad): boolean {
  return !(load.before <= load.cores);
}

/** e.g. `1.2 → 3.4`, or `2.1 → 5.6 (busy: over 2 cores)`. */
export function describeLoad(load: RunLoad): string {
  const span = `${load.before.toFixed(1)} → ${load.after.toFixed(1)}`;
  return isBusy(load) ? `${span} (busy: over ${load.cores} cores)` : span;
}

/** Runs `run` and reads the load average before and after it. */
export async function withLoad<R>(
  run: () => Promise<R>,
  readLoad: () => number = currentLoad,
  cores = machineCores(),
): Promise<{ result: R; load: RunLoad }> {
  const before = readLoad();
  const result = await run();
  return { result, load: { before, after: readLoad(), cores } };
}

/** For a benchmark of one long run: the three load averages at both ends, marked when it ran busy. */
export function describeLoadAverages(
  before: readonly number[],
  after: readonly number[],
  cores = machineCores(),
): string {
  const three = (loads: readonly number[]) => loads.map((l) => l.toFixed(2)).join(' ');
  const busy = isBusy({ before: before[0] ?? Number.NaN, after: after[0] ?? Number.NaN, cores });
  return (
    `load average before ${three(before)}, after ${three(after)}` +
    (busy ? ` (BUSY: over ${cores} cores at the start; the figures measure the neighbours too)` : '')
  );
}
