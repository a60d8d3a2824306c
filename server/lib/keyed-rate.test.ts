import { describe, expect, it } from 'vitest';
import { KeyedRate } from './keyed-rate';

function clocked(limits: { perSecond: number; burst: number }) {
  let now = 0;
  const rate = new KeyedRate(limits, () => now);
  return { rate, advance: (ms: number) => (now += ms) };
}

describe('KeyedRate', () => {
  it('lets a burst through at once, then spaces calls at the pace', () => {
    const { rate } = clocked({ perSecond: 10, burst: 3 });
    expect([1, 2, 3, 4, 5].map(() => rate.reserve('a'))).toEqual([0, 0, 0, 100, 200]);
  });

  it('keeps each key to its own pace', () => {
    const { rate } = clocked({ perSecond: 1, burst: 1 });
    expect(rate.reserve('a')).toBe(0);
    expect(rate.reserve('a')).toBe(1000);
    expect(rate.reserve('b')).toBe(0);
  });

  it('refills with time, never past the burst', () => {
    const { rate, advance } = clocked({ perSecond: 10, burst: 2 });
    rate.reserve('a');
    rate.reserve('a');
    expect(rate.waitFor('a')).toBe(100);
    advance(100);
    expect(rate.waitFor('a')).toBe(0);
    advance(10_000);
    expect([1, 2, 3].map(() => rate.reserve('a'))).toEqual([0, 0, 100]);
  });

  it('tells the wait without taking a place', () => {
    const { rate } = clocked({ perSecond: 2, burst: 1 });
    rate.reserve('a');
    expect(rate.waitFor('a')).toBe(500);
    expect(rate.waitFor('a')).toBe(500);
    expect(rate.reserve('a')).toBe(500);
    expect(rate.waitFor('unknown')).toBe(0);
  });

  it('holds at most 10,000 keys, dropping those whose pace has caught up first', () => {
    const { rate, advance } = clocked({ perSecond: 1, burst: 1 });
    for (let i = 0; i < 9_999; i++) rate.reserve(`idle-${i}`);
    rate.reserve('busy');
    rate.reserve('busy');
    advance(1500);
    rate.reserve('new');
    expect(rate.size).toBe(2);
    expect(rate.waitFor('busy')).toBe(500);
    for (let i = 0; i < 20_000; i++) {
      rate.reserve(`flood-${i}`);
      if (rate.size > 10_000) throw new Error(`${rate.size} keys after flood-${i}`);
    }
    expect(rate.size).toBeGreaterThanOrEqual(9_000);
    // The newest keys are kept, the longest unused dropped.
    expect(rate.waitFor('flood-19999')).toBe(1000);
    expect(rate.waitFor('flood-0')).toBe(0);
  });
});
