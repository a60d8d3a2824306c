import { describe, expect, it } from 'vitest';
import {
  benchProcesses,
  cpuBetween,
  describeTrace,
  gcDuring,
  gcPauses,
  machineBusyTicks,
  processGroup,
  processStartedAt,
  ProcFiles,
  slowestProbes,
  statTicks,
  type LiveTrace,
} from './live-trace';

describe('statTicks', () => {
  it('adds utime and stime, also when the command name holds spaces and parentheses', () => {
    const stat = '4242 (Web Content (x)) S 1 4242 4242 0 -1 4194560 100 0 0 0 731 269 0 0 20 0 12 0 5000';
    expect(statTicks(stat)).toBe(1000);
  });
});

describe('machineBusyTicks', () => {
  it('counts every field of the all-cores line but idle and iowait', () => {
    const procStat = 'cpu  100 5 30 9000 70 1 2 3 0 0\ncpu0 50 2 15 4500 35 0 1 1 0 0\n';
    expect(machineBusyTicks(procStat)).toBe(100 + 5 + 30 + 1 + 2 + 3);
  });
});

describe('processGroup', () => {
  it('names the server by its pid and groups Chromium and PostgreSQL processes', () => {
    expect(processGroup('node', 7, 7)).toBe('server');
    expect(processGroup('node', 8, 7)).toBe('node');
    expect(processGroup('chrome', 9, 7)).toBe('chromium');
    expect(processGroup('chromium-browse', 10, 7)).toBe('chromium');
    expect(processGroup('postgres', 11, 7)).toBe('postgres');
    expect(processGroup('kube-apiserver', 12, 7)).toBe('kube-apiserver');
  });
});

describe('benchProcesses', () => {
  it('finds this process as the bench from /proc', async () => {
    const found = await benchProcesses(-1, `no-process-has-this-marker-${process.pid}`);
    expect(found).toContainEqual({ pid: process.pid, name: 'bench' });
  });
});

const trace: LiveTrace = {
  startedAt: Date.UTC(2026, 11, 7, 12, 0, 0),
  processes: [],
  steps: [
    { atMs: 100, cpuMs: { server: 10, etcd: 0 }, machineMs: 40 },
    { atMs: 900, cpuMs: { server: 20, etcd: 10 }, machineMs: 60 },
    { atMs: 1000, cpuMs: { server: 0, etcd: 90 }, machineMs: 190 },
    { atMs: 1900, cpuMs: { server: 10, etcd: 0 }, machineMs: 20 },
  ],
  probes: [
    { target: 'server', atMs: 0, ms: 3 },
    { target: 'server', atMs: 1000, ms: 310 },
    { target: 'apiserver', atMs: 1000, ms: Number.NaN },
    { target: 'apiserver', atMs: 1100, ms: 5 },
  ],
};

describe('slowestProbes', () => {
  it('orders one target’s probes slowest first, a failed one before every answer', () => {
    expect(slowestProbes(trace, 'server', 1)).toEqual([{ target: 'server', atMs: 1000, ms: 310 }]);
    expect(slowestProbes(trace, 'apiserver', 2).map((probe) => probe.atMs)).toEqual([1000, 1100]);
  });
});

describe('cpuBetween', () => {
  it('adds up the steps ending in the window, the machine among the groups, largest first', () => {
    expect(cpuBetween(trace, 0, 1000)).toEqual([
      ['machine', 100],
      ['server', 30],
      ['etcd', 10],
    ]);
    expect(cpuBetween(trace, 1000, 2000)[0]).toEqual(['machine', 210]);
  });
});

describe('describeTrace', () => {
  it('prints the start, the slowest probes and a line per second with the groups that mattered', () => {
    expect(describeTrace(trace)).toEqual([
      'trace started 2026-12-07T12:00:00.000Z',
      'server probes, slowest: 310 ms at 1.0 s, 3 ms at 0.0 s',
      'apiserver probes, slowest: failed at 1.0 s, 5 ms at 1.1 s',
      'CPU ms per second: s | machine | etcd',
      '0 | 100 | 10',
      '1 | 210 | 90',
    ]);
  });
});

describe('describeTrace with the server’s collections', () => {
  it('names every full collection and the scavenges that paused 20 ms or more', () => {
    const lines = describeTrace({
      ...trace,
      serverGc: [
        { atMs: 1200, kind: 'Scavenge', pauseMs: 4, line: '' },
        { atMs: 1300, kind: 'Scavenge', pauseMs: 25, line: '' },
        { atMs: 1500, kind: 'Mark-Compact', pauseMs: 313.2, line: '' },
      ],
    });
    expect(lines).toContain(
      'server GC, every full one and any other pausing ≥ 20 ms: Scavenge 25 ms at 1.3 s, Mark-Compact 313 ms at 1.5 s',
    );
  });
});

const TRACE_GC = [
  '[4911:0x12a32090]       72 ms: Scavenge 3.9 (4.0) -> 3.6 (5.0) MB, 4.91 / 0.00 ms  (average mu = 1.000, current mu = 1.000) allocation failure; ',
  'a line of the server’s own',
  '[4973:0x24898490]     2189 ms: Mark-Compact 345.7 (381.0) -> 148.1 (183.2) MB, 313.20 / 0.01 ms  (+ 31.3 ms in 18 steps since start of marking, biggest step 5.1 ms, walltime since start of marking 762 ms) (average mu = 0.793, current mu = 0.793) finalize incremental marking via stack guard; GC in old space requested',
  '[1:0x6a1c000]    16069 ms: Mark-Compact (reduce) 180.2 (200.1) -> 150.3 (190.2) MB, pooled: 0 MB, 250.3 / 0.0 ms  (+ 12.1 ms in 30 steps)',
].join('\n');

describe('gcPauses', () => {
  it('reads when, which kind and the main thread’s pause of each collection in --trace-gc output', () => {
    expect(gcPauses(TRACE_GC).map(({ atMs, kind, pauseMs }) => ({ atMs, kind, pauseMs }))).toEqual([
      { atMs: 72, kind: 'Scavenge', pauseMs: 4.91 },
      { atMs: 2189, kind: 'Mark-Compact', pauseMs: 313.2 },
      { atMs: 16069, kind: 'Mark-Compact (reduce)', pauseMs: 250.3 },
    ]);
  });
});

describe('gcDuring', () => {
  it('moves collections into the trace’s time and keeps those within it', () => {
    // The isolate started 10 s before the trace: 2,189 ms is before it, 11,200 ms 1.2 s into it.
    const isolateStartedAt = trace.startedAt - 10_000;
    const pauses = [
      { atMs: 2189, kind: 'Mark-Compact', pauseMs: 313, line: '' },
      { atMs: 11_200, kind: 'Scavenge', pauseMs: 3, line: '' },
      { atMs: 13_000, kind: 'Scavenge', pauseMs: 3, line: '' },
    ];
    expect(gcDuring(trace, pauses, isolateStartedAt)).toEqual([
      { atMs: 1200, kind: 'Scavenge', pauseMs: 3, line: '' },
    ]);
  });
});

describe('processStartedAt', () => {
  it('dates this process’s start within a few seconds of what Node says', async () => {
    const started = await processStartedAt(process.pid);
    const nodeSays = Date.now() - process.uptime() * 1000;
    expect(Math.abs(started - nodeSays)).toBeLessThan(2_000);
  });
});

describe('ProcFiles', () => {
  it('reads a kept-open stat again as it is now, and nothing for a process that is not there', () => {
    const files = new ProcFiles();
    try {
      const path = `/proc/${process.pid}/stat`;
      const before = statTicks(files.read(path) ?? '');
      const until = Date.now() + 100;
      while (Date.now() < until);
      expect(statTicks(files.read(path) ?? '')).toBeGreaterThan(before);
      expect(files.read('/proc/0/stat')).toBeUndefined();
    } finally {
      files.close();
    }
  });
});

describe('describeTrace with kube-apiserver’s collections', () => {
  it('lists each collection at its time in the trace', () => {
    const lines = describeTrace({
      ...trace,
      apiserverGc: [
        { atMs: 2100, markMs: 210, assistCpuMs: 52, backgroundCpuMs: 105, heap: '610->650->320 MB' },
      ],
    });
    expect(lines).toContain(
      'kube-apiserver GC (start, mark wall / assist CPU / background CPU ms, heap): 2.1 s 210/52/105 610->650->320 MB',
    );
  });
});
