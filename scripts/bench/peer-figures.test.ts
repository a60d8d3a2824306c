import { describe, expect, it } from 'vitest';
import type { RoundResult } from './alternating-rounds';
import { describePeerRuns, parseSizes, type Operator, type OperatorRun } from './peer-figures';

const run = (peakRssMiB: number, cpuSeconds: number, seconds = 10): OperatorRun => ({
  seconds,
  cpuSeconds,
  lifeCpuSeconds: cpuSeconds + 1,
  startedRssMiB: peakRssMiB - 10,
  peakRssMiB,
});

const result = (
  round: number,
  mode: Operator,
  figures: OperatorRun,
  loadBefore = 1,
): RoundResult<Operator, OperatorRun> => ({
  round,
  mode,
  result: figures,
  load: { before: loadBefore, after: 3, cores: 2 },
});

describe('bench:peers figures', () => {
  it('reads sizes as hosts/clusters and refuses fewer than five hosts a cluster', () => {
    expect(parseSizes('500/100, 2500/500')).toEqual([
      { hosts: 500, clusters: 100 },
      { hosts: 2500, clusters: 500 },
    ]);
    expect(() => parseSizes('400/100')).toThrow(/at least five hosts per cluster.*not 400\/100/);
    expect(() => parseSizes('500')).toThrow(/not 500/);
    expect(() => parseSizes('0/0')).toThrow(/not 0\/0/);
  });

  it('judges ours against upstream per round: RSS within 1.2×, CPU strictly below', () => {
    const lines = describePeerRuns([
      result(0, 'rackpilot', run(57, 1.1)),
      result(0, 'upstream', run(48, 1.2)),
      result(1, 'upstream', run(50, 1.0)),
      result(1, 'rackpilot', run(55, 0.9)),
    ]);
    expect(lines[2]).toBe('| 1 | rackpilot | 10.0 | 1.10 | 2.10 | 47 | 57 | 1.0 → 3.0 |');
    expect(lines).toContain(
      'rackpilot, median of 2 runs not busy: all Ready 10.0 s, CPU 1.00 s, peak RSS 56 MiB',
    );
    expect(lines.find((l) => l.startsWith('peak RSS'))).toBe(
      'peak RSS rackpilot ÷ upstream, per round: 1.14 (1.10–1.19, 2 rounds: 1.19, 1.10); target ≤ 1.2: met in every quiet round',
    );
    expect(lines.find((l) => l.startsWith('CPU'))).toMatch(
      /0\.91 \(0\.90–0\.92, 2 rounds: 0\.92, 0\.90\); target < 1: met/,
    );
    expect(lines.find((l) => l.startsWith('time to all Ready'))).not.toMatch(/target/);
  });

  it('says NOT met when one quiet round misses, and leaves busy rounds out of the judgement', () => {
    const lines = describePeerRuns([
      result(0, 'rackpilot', run(100, 1.5)),
      result(0, 'upstream', run(48, 1.2)),
      result(1, 'upstream', run(48, 1.2), 5),
      result(1, 'rackpilot', run(200, 3)),
    ]);
    expect(lines.find((l) => l.startsWith('peak RSS'))).toMatch(
      /2\.08 \(2\.08–2\.08, 1 of 2 rounds counted.*busy\); target ≤ 1\.2: NOT met$/,
    );
    expect(lines.find((l) => l.startsWith('CPU'))).toMatch(/target < 1: NOT met$/);
    expect(lines).toContain(
      'upstream, median of 1 runs not busy: all Ready 10.0 s, CPU 1.20 s, peak RSS 48 MiB',
    );
  });

  it('prints our runs alone when the peer is missing, with no ratios', () => {
    const lines = describePeerRuns([result(0, 'rackpilot', run(100, 1.5))]);
    expect(lines).toHaveLength(4);
    expect(describePeerRuns([result(0, 'rackpilot', run(100, 1.5), 3)])[3]).toBe(
      'rackpilot: every run busy, no median',
    );
    expect(lines.some((l) => l.includes('÷'))).toBe(false);
  });
});
