// What bench:sip, bench:ironic and bench:placement share: a controller measured in a process of its
// own against a work floor (the writes any correct controller must make, made directly), each run on
// a fresh control plane, with the API server's request counts and the load average around the run,
// printed as one table per invocation with the median ratio controller / floor.
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { cpus, totalmem } from 'node:os';
import type { KubeConfig, V1Secret } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath, secretResource } from '../../server/kube/resource';
import { pairedRounds, type RoundResult } from './alternating-rounds';
import { describeRequestDelta, readRequestCounts } from './apiserver-requests';
import { describeRatio, quantile, ratioSummary } from './bench-statistics';
import { nextMessage, parseRunner, spawnController, type Runner } from './controller-child';
import type { BenchedController, ControllerReport } from './controller-messages';
import { cpuByCommand, describeCpuDelta } from './process-cpu';
import { describeLoad } from './run-load';
import { benchLog as log, inBatches, type ThrowawayCluster } from './throwaway-cluster';

export const TIMEOUT_MS = 15 * 60_000;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FloorBenchRun {
  seconds: number;
  cpuSeconds: string;
  writes: number;
  /** Per object, e.g. `finalizer 1.00, label 3.00`. */
  writesByVerb: string;
  controller?: {
    reconciles: number;
    conflicts: number;
    durations: number[];
    planTimes: number[];
    planCpuTimes: number[];
    /** Wall and CPU times of each controller's plans, sorted, by its name. */
    planByController: PlanTimes[];
    peakRssMiB: number;
  };
}

/** One controller's plan times in ms, sorted. */
export interface PlanTimes {
  controller: string;
  wall: number[];
  cpu: number[];
}

const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/**
 * Each controller's planning p99 (wall and CPU) and its count, the slowest first: which planner makes
 * the process's p99.
 */
export function describePlanningByController(plans: readonly PlanTimes[]): string {
  return [...plans]
    .sort((a, b) => quantile(b.wall, 0.99) - quantile(a.wall, 0.99))
    .map(
      (p) =>
        `${p.controller} p99 ${quantile(p.wall, 0.99).toFixed(2)} (CPU ${quantile(p.cpu, 0.99).toFixed(2)}) of ${p.wall.length}`,
    )
    .join('; ');
}

export interface MeasuredRun extends FloorBenchRun {
  /** The API server's requests per object over the run, every client, and the largest kinds. */
  requestsPerObject: number;
  requestsByKind: string;
}

/** The controller's side of a bench: which one, how it runs, and the objects it works on. */
export interface ControllerRun {
  controller: BenchedController;
  runner: Runner;
  nodeFlags: string[];
  count: number;
  create: (kc: KubeConfig, index: number) => Promise<unknown>;
}

function exited(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** What a controller process reported at the end of a run: its writes and its reconcile figures. */
export function controllerFigures(
  report: ControllerReport,
): Pick<FloorBenchRun, 'writes'> & Required<Pick<FloorBenchRun, 'controller'>> {
  return {
    writes: report.writes.reduce((sum, w) => sum + w.count, 0),
    controller: {
      reconciles: report.reconciles,
      conflicts: report.conflicts,
      durations: ascending(report.durations),
      planTimes: ascending(report.planTimes),
      planCpuTimes: ascending(report.planCpuTimes),
      planByController: Object.entries(report.planTimesByController).map(([controller, wall]) => ({
        controller,
        wall: ascending(wall),
        cpu: ascending(report.planCpuTimesByController[controller] ?? []),
      })),
      peakRssMiB: report.peakRssMiB,
    },
  };
}

/** What a work floor made, from its start: wall time, CPU by process and its writes by verb. */
export async function floorFigures(
  stateDir: string,
  measuredFrom: { started: number; cpuBefore: Awaited<ReturnType<typeof cpuByCommand>> },
  writes: WriteTally,
  count: number,
): Promise<FloorBenchRun> {
  return {
    seconds: (Date.now() - measuredFrom.started) / 1000,
    cpuSeconds: describeCpuDelta(measuredFrom.cpuBefore, await cpuByCommand(stateDir)),
    writes: writes.total(),
    writesByVerb: writes.perObject(count),
  };
}

/** Creates the objects with the controller running and times until every one is Ready. */
export async function measureController(
  { kc, kubeconfig, stateDir }: ThrowawayCluster,
  { controller, runner, nodeFlags, count, create }: ControllerRun,
): Promise<FloorBenchRun> {
  const child = await spawnController(kubeconfig, controller, runner, nodeFlags);
  try {
    const cpuBefore = await cpuByCommand(stateDir);
    const started = Date.now();
    await inBatches(
      Array.from({ length: count }, (_, i) => i),
      16,
      (i) => create(kc, i),
    );
    for (;;) {
      const { ready } = await nextMessage(child, 'progress', { progress: true, placed: false });
      if (ready === count) break;
      if (Date.now() - started > TIMEOUT_MS) throw new Error(`only ${ready} of ${count} Ready`);
      await sleep(100);
    }
    const seconds = (Date.now() - started) / 1000;
    log(`controller: all Ready after ${seconds.toFixed(1)} s`);
    const cpuSeconds = describeCpuDelta(cpuBefore, await cpuByCommand(stateDir));
    const report = await nextMessage(child, 'report', { report: true });
    // It exits by itself after the report; a --cpu-prof profile is written only then.
    await exited(child, 60_000);
    return {
      seconds,
      cpuSeconds,
      ...controllerFigures(report),
      writesByVerb: report.writes.map((w) => `${w.verb} ${(w.count / count).toFixed(2)}`).join(', '),
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/** Counts a floor's writes by verb. */
export class WriteTally {
  private readonly counts = new Map<string, number>();

  add(verb: string, count = 1): void {
    this.counts.set(verb, (this.counts.get(verb) ?? 0) + count);
  }

  total(): number {
    return [...this.counts.values()].reduce((sum, n) => sum + n, 0);
  }

  perObject(count: number): string {
    return [...this.counts].map(([verb, n]) => `${verb} ${(n / count).toFixed(2)}`).join(', ');
  }
}

/** Creates a generated Secret as the controllers do (their field manager), counted as a `create`. */
export async function createSecretAsController(
  kc: KubeConfig,
  secret: V1Secret,
  writes: WriteTally,
): Promise<void> {
  await kubeRequestJson(kc, collectionPath(secretResource, secret.metadata?.namespace ?? ''), {
    method: 'POST',
    body: secret,
    query: { fieldManager: 'rackpilot' },
  });
  writes.add('create');
}

/**
 * Until `pending` is empty: every 250 ms asks `readyNow` which of them are done (one list call or
 * two, not one per object) and lets `finish` write their last write; fails when `background` did.
 */
export async function finishAsReady<T, R>(options: {
  started: number;
  total: number;
  pending: () => T[];
  readyNow: (pending: T[]) => Promise<R[]>;
  finish: (item: R) => Promise<void>;
  background: Promise<void>;
}): Promise<void> {
  let failed: Error | undefined;
  options.background.catch((error: unknown) => {
    failed = error instanceof Error ? error : new Error(String(error));
  });
  let done = 0;
  while (done < options.total) {
    if (failed) throw failed;
    if (Date.now() - options.started > TIMEOUT_MS) throw new Error(`only ${done} of ${options.total} done`);
    await sleep(250);
    const ready = await options.readyNow(options.pending());
    await inBatches(ready, 16, async (item) => {
      await options.finish(item);
      done++;
    });
  }
  await options.background;
}

/** Runs `measure` on `bench`, with the API server's request counts around it. */
export async function withRequestCounts(
  bench: ThrowawayCluster,
  perObjects: number,
  measure: () => Promise<FloorBenchRun>,
): Promise<MeasuredRun> {
  const requestsBefore = await readRequestCounts(bench.kc);
  const result = await measure();
  const requests = describeRequestDelta(requestsBefore, await readRequestCounts(bench.kc), perObjects);
  log(`API requests per object ${requests.total.toFixed(1)}: ${requests.byKind}`);
  return {
    ...result,
    requestsPerObject: requests.total,
    requestsByKind: requests.byKind,
  };
}

/** Prints the runs, the requests by kind and the median ratio controller / each floor. */
export function printFloorBench<M extends string>(
  results: RoundResult<M, MeasuredRun>[],
  setup: { description: string; count: number; unit: string; floors: readonly M[]; controller: M },
): void {
  const { count, unit } = setup;
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${setup.description}; finished ${new Date().toISOString()}`,
  );
  console.log(
    `| round | mode | done (s) | writes/${unit} | writes by verb per ${unit} | API requests/${unit} (all clients) | reconciles | conflicts | reconcile p50 / p99 (ms) | planning p50 / p99 (ms) | planning CPU p50 / p99 (ms) | controller peak RSS (MiB) | CPU s by process | load avg (1 min, start → end) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { round, mode, result: r, load } of results) {
    const c = r.controller;
    const ms = (sorted: number[]) =>
      sorted.length === 0 ? '—' : [0.5, 0.99].map((q) => quantile(sorted, q).toFixed(2)).join(' / ');
    console.log(
      `| ${round + 1} | ${mode} | ${r.seconds.toFixed(1)} | ${(r.writes / count).toFixed(2)} | ${r.writesByVerb} | ${r.requestsPerObject.toFixed(1)} | ${c?.reconciles ?? '—'} | ${c?.conflicts ?? '—'} | ${c ? ms(c.durations) : '—'} | ${c ? ms(c.planTimes) : '—'} | ${c ? ms(c.planCpuTimes) : '—'} | ${c ? c.peakRssMiB.toFixed(0) : '—'} | ${r.cpuSeconds} | ${describeLoad(load)} |`,
    );
  }
  console.log(`API requests per ${unit} by verb and resource (top 12):`);
  for (const { round, mode, result: r } of results)
    console.log(`- round ${round + 1} ${mode}: ${r.requestsByKind}`);
  for (const floor of setup.floors) {
    const paired = pairedRounds(results, setup.controller, floor, (r) => r.seconds);
    if (paired.length > 0)
      console.log(`controller / ${floor} floor: median ${describeRatio(ratioSummary(paired))}`);
  }
}

export const FLOOR_BENCH_MODES = ['work', 'controller'] as const;
export type FloorBenchMode = (typeof FLOOR_BENCH_MODES)[number];

/** What bench:ironic and bench:placement take on the command line. */
export interface FloorBenchOptions {
  count: number;
  rounds: number;
  modes: FloorBenchMode[];
  runner: Runner;
  nodeFlags: string[];
}

/** `--instances N --rounds N --modes work,controller --runner build|tsx --node-flags '…'`. */
export function parseFloorBenchArgs(args: string[], defaultInstances: number): FloorBenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      instances: { type: 'string', default: String(defaultInstances) },
      rounds: { type: 'string', default: '3' },
      modes: { type: 'string', default: FLOOR_BENCH_MODES.join(',') },
      runner: { type: 'string', default: 'build' },
      'node-flags': { type: 'string', default: '' },
    },
  });
  const positive = (name: string, text: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: a whole number above 0, not ${text}`);
    return n;
  };
  return {
    count: positive('instances', values.instances),
    rounds: positive('rounds', values.rounds),
    modes: values.modes.split(',').map((mode): FloorBenchMode => {
      const known = FLOOR_BENCH_MODES.find((m) => m === mode);
      if (!known) throw new Error(`--modes: ${FLOOR_BENCH_MODES.join(', ')}; not ${mode}`);
      return known;
    }),
    runner: parseRunner(values.runner),
    nodeFlags: values['node-flags'].split(' ').filter(Boolean),
  };
}
