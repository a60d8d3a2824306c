// A Go program's collections as GODEBUG=gctrace=1 prints them: bench:console --trace reads kube-apiserver's
// to line its collections up with the slowest writes.

/** One collection from a Go program's GODEBUG=gctrace=1 output. */
export interface GoGcCycle {
  /** Milliseconds after the process started. */
  atMs: number;
  /** Wall-clock milliseconds of the concurrent mark (the world runs, but with a quarter of the CPU taken). */
  markMs: number;
  /** CPU milliseconds the request goroutines spent helping to mark (mark assists): time taken from answers. */
  assistCpuMs: number;
  /** CPU milliseconds of the dedicated and fractional mark workers. */
  backgroundCpuMs: number;
  /** Heap at the start, at the end of marking and live after it, e.g. `610->650->320 MB`. */
  heap: string;
}

const GCTRACE =
  /^gc \d+ @([\d.]+)s \d+%: [\d.]+\+([\d.]+)\+[\d.]+ ms clock, [\d.]+\+([\d.]+)\/([\d.]+)\/[\d.]+\+[\d.]+ ms cpu, (\d+->\d+->\d+ MB)/;

/**
 * The collections in gctrace output, e.g. `gc 7 @12.345s 4%: 0.045+210+0.12 ms clock,
 * 0.09+52/105/0+0.25 ms cpu, 610->650->320 MB, 640 MB goal, …`: when, how long the mark ran, its CPU.
 */
export function goGcCycles(output: string): GoGcCycle[] {
  const cycles: GoGcCycle[] = [];
  for (const line of output.split('\n')) {
    const match = GCTRACE.exec(line);
    if (!match) continue;
    cycles.push({
      atMs: Number(match[1]) * 1000,
      markMs: Number(match[2]),
      assistCpuMs: Number(match[3]),
      backgroundCpuMs: Number(match[4]),
      heap: match[5] ?? '',
    });
  }
  return cycles;
}
