import { describe, expect, it } from 'vitest';
import { describeLoad, describeLoadAverages, isBusy, withLoad } from './run-load';

describe('the load around a run', () => {
  it('is busy when the load at the start is over the cores, or unknown; its own load does not count', () => {
    expect(isBusy({ before: 2, after: 2, cores: 2 })).toBe(false);
    expect(isBusy({ before: 1.5, after: 5.5, cores: 2 })).toBe(false);
    expect(isBusy({ before: 2.1, after: 0.5, cores: 2 })).toBe(true);
    expect(isBusy({ before: Number.NaN, after: 0.5, cores: 2 })).toBe(true);
  });

  it('says so beside the two loads', () => {
    expect(describeLoad({ before: 1.23, after: 1.9, cores: 2 })).toBe('1.2 → 1.9');
    expect(describeLoad({ before: 2.1, after: 5.63, cores: 2 })).toBe('2.1 → 5.6 (busy: over 2 cores)');
  });

  it('reads the load on both sides of the run', async () => {
    const loads = [0.5, 2.5];
    const measured = await withLoad(
      () => Promise.resolve('done'),
      () => loads.shift() ?? Number.NaN,
      4,
    );
    expect(measured).toEqual({ result: 'done', load: { before: 0.5, after: 2.5, cores: 4 } });
  });

  it('describes a long run’s three load averages, marked when it started busy', () => {
    expect(describeLoadAverages([1, 0.5, 0.25], [5.5, 3, 1], 2)).toBe(
      'load average before 1.00 0.50 0.25, after 5.50 3.00 1.00',
    );
    expect(describeLoadAverages([2.5, 2, 1], [3, 2, 1], 2)).toMatch(/\(BUSY: over 2 cores at the start;/);
  });
});
