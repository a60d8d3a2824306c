import { describe, expect, it } from 'vitest';
import { describeRatio, median, quantile, ratioSummary } from './bench-statistics';

describe('bench statistics', () => {
  it('takes the nearest-rank quantile of sorted values', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.5)).toBe(51);
    expect(quantile(values, 0.99)).toBe(100);
    expect(quantile(values, 1)).toBe(100);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('summarises each round against its own floor', () => {
    const summary = ratioSummary([
      { measured: 120, floor: 100 },
      { measured: 90, floor: 100 },
      { measured: 150, floor: 100 },
    ]);
    expect(summary.ratios).toEqual([1.2, 0.9, 1.5]);
    expect(summary).toMatchObject({ median: 1.2, min: 0.9, max: 1.5 });
    expect(describeRatio(summary)).toBe('1.20 (0.90–1.50, 3 rounds: 1.20, 0.90, 1.50)');
  });

  it('leaves rounds that ran busy out of median and range, and marks them', () => {
    const summary = ratioSummary([
      { measured: 120, floor: 100 },
      { measured: 300, floor: 100, busy: true },
      { measured: 150, floor: 100 },
    ]);
    expect(summary).toMatchObject({ median: 1.35, min: 1.2, max: 1.5 });
    expect(describeRatio(summary)).toBe('1.35 (1.20–1.50, 2 of 3 rounds counted: 1.20, 3.00 busy, 1.50)');
    expect(describeRatio(ratioSummary([{ measured: 1, floor: 1, busy: true }]))).toBe(
      'none: every one of 1 rounds ran busy (1.00 busy)',
    );
  });

  it('refuses a round without a positive floor', () => {
    expect(() => ratioSummary([{ measured: 1, floor: 0 }])).toThrow(/positive floor/);
    expect(() => ratioSummary([{ measured: Number.NaN, floor: 1 }])).toThrow(/positive floor/);
  });
});
