// bench:console --trace: what every process did while the live phase's writes went out, in 100 ms
// steps, to tell what holds the servers at the moment the slowest writes were sent. Each step reads
// the CPU ticks of the benchmark's own processes and of the whole machine (other work on a shared
// machine shows there), and asks this server's /api/healthz and the API server's /version: an answer
// that takes long is a process that could not run its event loop (or goroutines) then.
import { closeSync, openSync, readSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { Agent as HttpAgent, get as httpGet } from 'node:http';
import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../server/kube/kube-request';
import type { GoGcCycle } from './go-gc-trace';

const STEP_MS = 100;
const CLOCK_TICKS_PER_SECOND = 100;

/** A process the trace follows, under the name its CPU is added up as. */
export interface TracedProcess {
  pid: number;
  name: string;
}

export interface TraceStep {
  /** Milliseconds after the trace started (the first write). */
  atMs: number;
  /** CPU milliseconds each named process group used since the step before. */
  cpuMs: Record<string, number>;
  /** CPU milliseconds the whole machine used since the step before, over every core. */
  machineMs: number;
}

export interface TraceProbe {
  target: 'server' | 'apiserver';
  /** When it was sent, milliseconds after the trace started. */
  atMs: number;
  /** How long the answer took (NaN: it failed). */
  ms: number;
}

export interface LiveTrace {
  /** Wall-clock time of the trace's start (epoch ms), to line it up with the control plane's logs. */
  startedAt: number;
  processes: TracedProcess[];
  steps: TraceStep[];
  probes: TraceProbe[];
  /** The server's collections during the trace (milliseconds after its start), when it ran with --trace-gc. */
  serverGc?: GcPause[];
  /** kube-apiserver's Go collections during the trace, when it ran with GODEBUG=gctrace=1. */
  apiserverGc?: GoGcCycle[];
}

/** utime + stime of a /proc/<pid>/stat line, in clock ticks. */
export function statTicks(stat: string): number {
  // The command name sits in parentheses and may itself hold spaces; the fields after it are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Busy ticks of the first (all-cores) line of /proc/stat: everything but idle and iowait. */
export function machineBusyTicks(procStat: string): number {
  const [, ...fields] = (procStat.split('\n')[0] ?? '').trim().split(/\s+/);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields.map(Number);
  return user + nice + system + irq + softirq + steal;
}

/**
 * The group a process counts under: the server by its pid, a control plane binary by its name, a
 * Chromium process as `chromium`, PostgreSQL as `postgres`, anything else by its command name.
 */
export function processGroup(comm: string, pid: number, serverPid: number): string {
  if (pid === serverPid) return 'server';
  if (/^chrom/i.test(comm)) return 'chromium';
  if (comm.startsWith('postgres')) return 'postgres';
  return comm;
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    // The process ended between listing and reading.
    return undefined;
  }
}

/**
 * The benchmark's processes: this one (`bench`), its descendants (the server, PostgreSQL, Chromium)
 * and every process whose command line names `marker` (the control plane, which kwokctl detaches).
 */
export async function benchProcesses(serverPid: number, marker: string): Promise<TracedProcess[]> {
  const all: { pid: number; ppid: number; comm: string; cmdline: string }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [stat, cmdline] = await Promise.all([
      readText(`/proc/${entry}/stat`),
      readText(`/proc/${entry}/cmdline`),
    ]);
    if (stat === undefined || cmdline === undefined) continue;
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    all.push({ pid: Number(entry), ppid, comm, cmdline });
  }
  const ours = new Set([process.pid]);
  // Parents before children is not guaranteed by pid order: repeat until nothing is added.
  for (let added = true; added;) {
    added = false;
    for (const each of all) {
      if (ours.has(each.pid) || !(ours.has(each.ppid) || each.cmdline.includes(marker))) continue;
      ours.add(each.pid);
      added = true;
    }
  }
  return all
    .filter((each) => ours.has(each.pid))
    .map(({ pid, comm }) => ({
      pid,
      name: pid === process.pid ? 'bench' : processGroup(comm, pid, serverPid),
    }));
}

/**
 * /proc files kept open and read again from the start: each read is then one system call. Opening,
 * reading and closing each process's stat through fs/promises every 100 ms (about 30 processes) was
 * most of the benchmark process's own CPU while it traced, on the two cores it measures.
 */
export class ProcFiles {
  private readonly fds = new Map<string, number | undefined>();
  private readonly buffer = Buffer.alloc(64 * 1024);

  /** The file's text now; undefined once it cannot be read (its process has ended). */
  read(path: string): string | undefined {
    let fd = this.fds.get(path);
    if (fd === undefined && !this.fds.has(path)) {
      try {
        fd = openSync(path, 'r');
      } catch {
        // The process ended before it was first read.
      }
      this.fds.set(path, fd);
    }
    if (fd === undefined) return undefined;
    try {
      return this.buffer.toString('latin1', 0, readSync(fd, this.buffer, 0, this.buffer.length, 0));
    } catch {
      // ESRCH: the process has ended since.
      closeSync(fd);
      this.fds.set(path, undefined);
      return undefined;
    }
  }

  close(): void {
    for (const fd of this.fds.values()) if (fd !== undefined) closeSync(fd);
    this.fds.clear();
  }
}

function ticksByGroup(processes: readonly TracedProcess[], files: ProcFiles): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const { pid, name } of processes) {
    const stat = files.read(`/proc/${pid}/stat`);
    if (stat !== undefined) ticks.set(name, (ticks.get(name) ?? 0) + statTicks(stat));
  }
  return ticks;
}

/** CPU seconds (user + system) each group of `processes` has used so far. */
export function cpuSecondsByGroup(processes: readonly TracedProcess[]): Map<string, number> {
  const files = new ProcFiles();
  try {
    const ticks = ticksByGroup(processes, files);
    return new Map([...ticks].map(([name, value]) => [name, value / CLOCK_TICKS_PER_SECOND]));
  } finally {
    files.close();
  }
}

/** Starts tracing; `stop` ends it and answers what it saw. */
export function startLiveTrace(
  processes: readonly TracedProcess[],
  serverUrl: string,
  kc: KubeConfig,
): { stop: () => Promise<LiveTrace> } {
  const startedAt = Date.now();
  const trace: LiveTrace = { startedAt, processes: [...processes], steps: [], probes: [] };
  const pending: Promise<void>[] = [];
  const timed = (target: TraceProbe['target'], request: () => Promise<unknown>) => {
    const sent = Date.now();
    const probe: TraceProbe = { target, atMs: sent - startedAt, ms: Number.NaN };
    trace.probes.push(probe);
    pending.push(
      request().then(
        () => void (probe.ms = Date.now() - sent),
        () => undefined,
      ),
    );
  };
  let before: { ticks: Map<string, number>; machine: number } | undefined;
  const files = new ProcFiles();
  const step = () => {
    const ticks = ticksByGroup(processes, files);
    const machine = machineBusyTicks(files.read('/proc/stat') ?? '');
    if (before) {
      const cpuMs: Record<string, number> = {};
      for (const [name, value] of ticks)
        cpuMs[name] = ((value - (before.ticks.get(name) ?? value)) * 1000) / CLOCK_TICKS_PER_SECOND;
      trace.steps.push({
        atMs: Date.now() - startedAt,
        cpuMs,
        machineMs: ((machine - before.machine) * 1000) / CLOCK_TICKS_PER_SECOND,
      });
    }
    before = { ticks, machine };
  };
  // One kept-alive connection: a fetch per probe cost the benchmark more than the probe's answer.
  const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
  const healthz = () =>
    new Promise<void>((resolve, reject) => {
      const request = httpGet(`${serverUrl}/api/healthz`, { agent }, (response) => {
        response.resume().on('end', resolve).on('error', reject);
      });
      request.on('error', reject);
    });
  const timer = setInterval(() => {
    timed('server', healthz);
    timed('apiserver', () => kubeRequestJson(kc, '/version'));
    step();
  }, STEP_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      files.close();
      await Promise.all(pending);
      agent.destroy();
      return trace;
    },
  };
}

/** The `count` slowest probes of `target`, slowest first (a failed one counts as slowest). */
export function slowestProbes(
  trace: Pick<LiveTrace, 'probes'>,
  target: TraceProbe['target'],
  count: number,
): TraceProbe[] {
  const slowness = (probe: TraceProbe) => (Number.isNaN(probe.ms) ? Infinity : probe.ms);
  return trace.probes
    .filter((probe) => probe.target === target)
    .sort((a, b) => slowness(b) - slowness(a))
    .slice(0, count);
}

/** CPU milliseconds per group (and `machine`) of the steps ending in [fromMs, toMs), largest first. */
export function cpuBetween(
  trace: Pick<LiveTrace, 'steps'>,
  fromMs: number,
  toMs: number,
): [string, number][] {
  const totals = new Map<string, number>();
  for (const step of trace.steps) {
    if (step.atMs < fromMs || step.atMs >= toMs) continue;
    totals.set('machine', (totals.get('machine') ?? 0) + step.machineMs);
    for (const [name, ms] of Object.entries(step.cpuMs)) totals.set(name, (totals.get(name) ?? 0) + ms);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/**
 * The trace as lines to read: the slowest probes of each server, and per second the CPU of the
 * machine and of each group that used at least 5 % of a core in some second.
 */
export function describeTrace(trace: LiveTrace): string[] {
  const seconds = Math.ceil(Math.max(0, ...trace.steps.map((step) => step.atMs)) / 1000);
  const perSecond = Array.from(
    { length: seconds },
    (_, s) => new Map(cpuBetween(trace, s * 1000, (s + 1) * 1000)),
  );
  const groups = [
    ...new Set(perSecond.flatMap((second) => [...second].filter(([, ms]) => ms >= 50).map(([name]) => name))),
  ].filter((name) => name !== 'machine');
  const probeLine = (target: TraceProbe['target']) =>
    `${target} probes, slowest: ${slowestProbes(trace, target, 8)
      .map(
        (probe) =>
          `${Number.isNaN(probe.ms) ? 'failed' : `${probe.ms.toFixed(0)} ms`} at ${(probe.atMs / 1000).toFixed(1)} s`,
      )
      .join(', ')}`;
  return [
    `trace started ${new Date(trace.startedAt).toISOString()}`,
    probeLine('server'),
    probeLine('apiserver'),
    `CPU ms per second: s | machine | ${groups.join(' | ')}`,
    ...(trace.serverGc
      ? [
          `server GC, every full one and any other pausing ≥ 20 ms: ${trace.serverGc
            .filter((gc) => gc.kind !== 'Scavenge' || gc.pauseMs >= 20)
            .map((gc) => `${gc.kind} ${gc.pauseMs.toFixed(0)} ms at ${(gc.atMs / 1000).toFixed(1)} s`)
            .join(', ')}`,
        ]
      : []),
    ...(trace.apiserverGc
      ? [
          `kube-apiserver GC (start, mark wall / assist CPU / background CPU ms, heap): ${trace.apiserverGc
            .map(
              (gc) =>
                `${(gc.atMs / 1000).toFixed(1)} s ${gc.markMs.toFixed(0)}/${gc.assistCpuMs.toFixed(0)}/${gc.backgroundCpuMs.toFixed(0)} ${gc.heap}`,
            )
            .join(', ')}`,
        ]
      : []),
    ...perSecond.map(
      (second, s) =>
        `${s} | ${(second.get('machine') ?? 0).toFixed(0)} | ${groups.map((name) => (second.get(name) ?? 0).toFixed(0)).join(' | ')}`,
    ),
  ];
}

/** One collection from the server's `--trace-gc` output. */
export interface GcPause {
  /** Milliseconds after the process started. */
  atMs: number;
  kind: string;
  /** The main thread's pause. */
  pauseMs: number;
  line: string;
}

/**
 * The collections in `--trace-gc` output, e.g.
 * `[1234:0x6a1c000]    16069 ms: Mark-Compact 180.2 (200.1) -> 150.3 (190.2) MB, pooled: 0 MB, 250.3 / 0.0 ms …`:
 * when (since the isolate started), which kind and the main thread's pause.
 */
export function gcPauses(output: string): GcPause[] {
  const pauses: GcPause[] = [];
  for (const line of output.split('\n')) {
    const match =
      /^\[\d+:0x[0-9a-f]+\]\s+(\d+) ms: ([A-Za-z-]+(?: \(reduce\))?) .*?MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/.exec(
        line,
      );
    if (!match) continue;
    pauses.push({ atMs: Number(match[1]), kind: match[2] ?? '', pauseMs: Number(match[3]), line });
  }
  return pauses;
}

/** When process `pid` started (epoch ms, to 10 ms), from its /proc stat and the boot time. */
export async function processStartedAt(pid: number): Promise<number> {
  const [stat, procStat] = await Promise.all([
    readFile(`/proc/${pid}/stat`, 'utf8'),
    readFile('/proc/stat', 'utf8'),
  ]);
  const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  const bootSeconds = Number(/^btime (\d+)$/m.exec(procStat)?.[1]);
  return bootSeconds * 1000 + (startTicks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** `pauses` (times after the process started at `isolateStartedAt`, epoch ms) that fell within the trace, in its time. */
export function gcDuring<T extends { atMs: number }>(
  trace: LiveTrace,
  pauses: readonly T[],
  isolateStartedAt: number,
): T[] {
  const endMs = Math.max(0, ...trace.steps.map((step) => step.atMs));
  return pauses
    .map((gc) => ({ ...gc, atMs: isolateStartedAt + gc.atMs - trace.startedAt }))
    .filter((gc) => gc.atMs >= 0 && gc.atMs <= endMs);
}
