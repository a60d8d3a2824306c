import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoundResult } from './alternating-rounds';
import {
  controllerFigures,
  describePlanningByController,
  finishAsReady,
  parseFloorBenchArgs,
  printFloorBench,
  WriteTally,
  type MeasuredRun,
} from './floor-bench';

describe('WriteTally', () => {
  it('counts writes by verb and per object', () => {
    const tally = new WriteTally();
    tally.add('finalizer', 10);
    tally.add('label', 30);
    tally.add('status');
    expect(tally.total()).toBe(41);
    expect(tally.perObject(10)).toBe('finalizer 1.00, label 3.00, status 0.10');
  });
});

describe('finishAsReady', () => {
  it('finishes each item once it is ready, and waits for the background work', async () => {
    const pending = new Set([1, 2, 3]);
    const finished: number[] = [];
    let backgroundDone = false;
    await finishAsReady({
      started: Date.now(),
      total: 3,
      pending: () => [...pending],
      // One item becomes ready per poll, as objects do one by one.
      readyNow: (items) => Promise.resolve(items.slice(0, 1)),
      finish: (item) => {
        pending.delete(item);
        finished.push(item);
        return Promise.resolve();
      },
      background: new Promise<void>((resolve) =>
        setTimeout(() => {
          backgroundDone = true;
          resolve();
        }, 10),
      ),
    });
    expect(finished).toEqual([1, 2, 3]);
    expect(backgroundDone).toBe(true);
  });

  it('fails as soon as the background work failed', async () => {
    await expect(
      finishAsReady({
        started: Date.now(),
        total: 1,
        pending: () => [1],
        readyNow: () => Promise.resolve([]),
        finish: () => Promise.resolve(),
        background: Promise.reject(new Error('create failed')),
      }),
    ).rejects.toThrow('create failed');
  });
});

describe('printFloorBench', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const run = (seconds: number, controller?: MeasuredRun['controller']): MeasuredRun => ({
    seconds,
    cpuSeconds: 'kube-apiserver 1.0',
    writes: 90,
    writesByVerb: 'apply 3.00',
    requestsPerObject: 30,
    requestsByKind: 'POST deployments 1.0',
    controller,
  });

  it('prints one row per run with its load and the median ratio of the controller to each floor, busy rounds left out', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => {
      lines.push(line);
    });
    const load = { before: 1, after: 2, cores: 2 };
    const controller = {
      reconciles: 20,
      conflicts: 0,
      durations: [1, 2, 3],
      planTimes: [0.1, 0.2],
      planCpuTimes: [0.1, 0.15],
      planByController: [],
      peakRssMiB: 100,
    };
    const results: RoundResult<'work' | 'controller', MeasuredRun>[] = [
      { round: 0, mode: 'work', result: run(100), load },
      { round: 0, mode: 'controller', result: run(120, controller), load },
      { round: 1, mode: 'controller', result: run(130, controller), load },
      { round: 1, mode: 'work', result: run(100), load },
      { round: 2, mode: 'work', result: run(100), load },
      { round: 2, mode: 'controller', result: run(400, controller), load: { ...load, before: 4 } },
    ];
    printFloorBench(results, {
      description: 'test',
      count: 10,
      unit: 'cluster',
      floors: ['work'],
      controller: 'controller',
    });
    const rows = lines.filter((line) => /^\| \d/.test(line));
    expect(rows).toHaveLength(6);
    expect(rows[5]).toContain('| 4.0 → 2.0 (busy: over 2 cores) |');
    expect(rows[1]).toContain('| 1 | controller | 120.0 | 9.00 |');
    expect(rows[1]).toContain('| 0.20 / 0.20 | 0.15 / 0.15 |');
    expect(lines.at(-1)).toMatch(
      /^controller \/ work floor: median 1\.25 \(1\.20–1\.30, 2 of 3 rounds counted/,
    );
  });
});

describe('controllerFigures', () => {
  it('totals the writes and sorts the timings for quantiles', () => {
    expect(
      controllerFigures({
        writes: [
          { verb: 'apply', count: 30 },
          { verb: 'status', count: 20 },
        ],
        reconciles: 40,
        conflicts: 1,
        durations: [3, 1, 2],
        planTimes: [0.3, 0.1],
        planCpuTimes: [0.2, 0.05],
        planTimesByController: { a: [0.3], b: [0.1] },
        planCpuTimesByController: { a: [0.2], b: [0.05] },
        peakRssMiB: 111,
        rssMiB: 100,
        heapUsedMiB: 40,
      }),
    ).toEqual({
      writes: 50,
      controller: {
        reconciles: 40,
        conflicts: 1,
        durations: [1, 2, 3],
        planTimes: [0.1, 0.3],
        planCpuTimes: [0.05, 0.2],
        planByController: [
          { controller: 'a', wall: [0.3], cpu: [0.2] },
          { controller: 'b', wall: [0.1], cpu: [0.05] },
        ],
        peakRssMiB: 111,
      },
    });
  });
});

describe('describePlanningByController', () => {
  it("gives each controller's p99, wall and CPU, the slowest first", () => {
    const fast = Array.from({ length: 100 }, (_, i) => i / 100);
    expect(
      describePlanningByController([
        { controller: 'fast', wall: fast, cpu: fast },
        { controller: 'slow', wall: [5, 30], cpu: [4, 20] },
      ]),
    ).toBe('slow p99 30.00 (CPU 20.00) of 2; fast p99 0.99 (CPU 0.99) of 100');
  });
});

describe('parseFloorBenchArgs', () => {
  it('gives the defaults, with the bench its own instance count', () => {
    expect(parseFloorBenchArgs([], 50)).toEqual({
      count: 50,
      rounds: 3,
      modes: ['work', 'controller'],
      runner: 'build',
      nodeFlags: [],
    });
  });

  it('reads every option', () => {
    expect(
      parseFloorBenchArgs(
        [
          '--instances',
          '5',
          '--rounds',
          '1',
          '--modes',
          'controller',
          '--runner',
          'tsx',
          '--node-flags=--a  --b',
        ],
        50,
      ),
    ).toEqual({ count: 5, rounds: 1, modes: ['controller'], runner: 'tsx', nodeFlags: ['--a', '--b'] });
  });

  it.each([
    [['--modes', 'floor'], '--modes: work, controller; not floor'],
    [['--instances', '0'], '--instances: a whole number above 0, not 0'],
    [['--rounds', 'many'], '--rounds: a whole number above 0, not many'],
  ])('refuses %j', (args, message) => {
    expect(() => parseFloorBenchArgs(args, 50)).toThrow(message);
  });
});
