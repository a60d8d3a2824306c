// What bench:peers prints for one size: each operator's runs, and per round our figures over the
// peer's against issue 52's targets (peak RSS within 1.2× of the peer's, CPU below it). Pure.
import { pairedRounds, type RoundResult } from './alternating-rounds';
import { describeRatio, median, ratioSummary } from './bench-statistics';
import { describeLoad, isBusy } from './run-load';

export const OPERATORS = ['rackpilot', 'upstream'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface OperatorRun {
  /** From the first SIPCluster created to every one Ready=True (as a list from the API server shows). */
  seconds: number;
  /** The operator process's CPU over that time, and over its whole life (start and cache sync too). */
  cpuSeconds: number;
  lifeCpuSeconds: number;
  /** Its RSS once started (caches synced), and its peak over its whole life (VmHWM). */
  startedRssMiB: number;
  peakRssMiB: number;
}

/** `500 hosts / 100 clusters` → `{hosts: 500, clusters: 100}`; one size per comma in `--sizes`. */
export function parseSizes(text: string): { hosts: number; clusters: number }[] {
  return text.split(',').map((size) => {
    const match = /^(\d+)\/(\d+)$/.exec(size.trim());
    const hosts = Number(match?.[1]);
    const clusters = Number(match?.[2]);
    if (!match || clusters < 1 || hosts < 5 * clusters)
      throw new Error(
        `--sizes: hosts/clusters with at least five hosts per cluster, e.g. 500/100; not ${size}`,
      );
    return { hosts, clusters };
  });
}

const TARGETS: { name: string; value: (run: OperatorRun) => number; limit: number; strict: boolean }[] = [
  { name: 'peak RSS', value: (run) => run.peakRssMiB, limit: 1.2, strict: false },
  { name: 'CPU (timed)', value: (run) => run.cpuSeconds, limit: 1, strict: true },
  { name: 'time to all Ready', value: (run) => run.seconds, limit: Number.NaN, strict: false },
];

/** The table of runs, then the medians of the quiet runs and rackpilot ÷ upstream per round. */
export function describePeerRuns(results: readonly RoundResult<Operator, OperatorRun>[]): string[] {
  const lines = [
    '| round | operator | all Ready (s) | CPU s (timed) | CPU s (whole life) | RSS once started (MiB) | peak RSS (MiB) | load avg (1 min) |',
    '| ----- | -------- | ------------- | ------------- | ------------------ | ---------------------- | -------------- | ---------------- |',
    ...results.map(
      ({ round, mode, result: r, load }) =>
        `| ${round + 1} | ${mode} | ${r.seconds.toFixed(1)} | ${r.cpuSeconds.toFixed(2)} | ${r.lifeCpuSeconds.toFixed(2)} | ${r.startedRssMiB.toFixed(0)} | ${r.peakRssMiB.toFixed(0)} | ${describeLoad(load)} |`,
    ),
  ];
  for (const operator of OPERATORS) {
    const quiet = results.filter((r) => r.mode === operator && !isBusy(r.load)).map((r) => r.result);
    if (!results.some((r) => r.mode === operator)) continue;
    lines.push(
      quiet.length === 0
        ? `${operator}: every run busy, no median`
        : `${operator}, median of ${quiet.length} runs not busy: all Ready ${median(quiet.map((r) => r.seconds)).toFixed(1)} s, CPU ${median(quiet.map((r) => r.cpuSeconds)).toFixed(2)} s, peak RSS ${median(quiet.map((r) => r.peakRssMiB)).toFixed(0)} MiB`,
    );
  }
  for (const target of TARGETS) {
    const paired = pairedRounds(results, 'rackpilot', 'upstream', target.value);
    if (paired.length === 0) continue;
    const summary = ratioSummary(paired);
    const judged = Number.isNaN(target.limit) || Number.isNaN(summary.max) ? '' : judge(summary.max, target);
    lines.push(`${target.name} rackpilot ÷ upstream, per round: ${describeRatio(summary)}${judged}`);
  }
  return lines;
}

function judge(worst: number, target: { limit: number; strict: boolean }): string {
  const met = target.strict ? worst < target.limit : worst <= target.limit;
  const bound = `${target.strict ? '<' : '≤'} ${target.limit}`;
  return met ? `; target ${bound}: met in every quiet round` : `; target ${bound}: NOT met`;
}
