import { describe, expect, it } from 'vitest';
import { BuildProgressReporter, describeBuildProgress } from './build-progress';

describe('describeBuildProgress', () => {
  it.each([
    [
      { compiled: 0, total: 2000, elapsedMs: 5_000 },
      'compiled 0/2000 packages (0%) in 5 s; estimating time left',
    ],
    [
      { compiled: 500, total: 2000, elapsedMs: 120_000 },
      'compiled 500/2000 packages (25%) in 2 min; about 6 min left to compile, then linking',
    ],
    [
      { compiled: 1990, total: 2000, elapsedMs: 480_000 },
      'compiled 1990/2000 packages (99%) in 8 min; about 1 min left to compile, then linking',
    ],
    [
      { compiled: 2100, total: 2000, elapsedMs: 480_000 },
      'compiled 2000/2000 packages (99%) in 8 min; linking',
    ],
    [
      { compiled: 3, total: 0, elapsedMs: 60_000 },
      'compiled 0/0 packages (0%) in 1 min; estimating time left',
    ],
  ])('%j → %s', (progress, line) => {
    expect(describeBuildProgress(progress)).toBe(line);
  });
});

describe('BuildProgressReporter', () => {
  it('counts compiled packages, ignores other output, and reports at most once per interval', () => {
    const lines: string[] = [];
    let clock = 0;
    const reporter = new BuildProgressReporter(
      10,
      (line) => lines.push(line),
      30_000,
      0,
      () => clock,
    );
    for (const line of ['k8s.io/api/core/v1', 'runtime', '# k8s.io/broken', 'go: downloading x v1']) {
      clock += 10_000;
      reporter.onBuildLine(line);
    }
    expect(lines).toEqual([]);
    clock = 60_000;
    reporter.onBuildLine('go.etcd.io/etcd/server/v3');
    expect(lines).toEqual([
      'compiled 3/10 packages (30%) in 1 min; about 2 min left to compile, then linking',
    ]);
    clock = 70_000;
    reporter.onBuildLine('sigs.k8s.io/kwok/pkg/config');
    expect(lines).toHaveLength(1);
  });
});
