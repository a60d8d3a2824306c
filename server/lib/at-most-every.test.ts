import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atMostEvery } from './at-most-every';

describe('atMostEvery', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a burst once, an interval after its first change, even after a quiet spell', () => {
    const runs: number[] = [];
    const throttle = atMostEvery(250, () => runs.push(Date.now()));
    vi.advanceTimersByTime(100);
    throttle.changed();
    vi.advanceTimersByTime(100);
    throttle.changed();
    vi.advanceTimersByTime(149);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([350]);

    vi.advanceTimersByTime(650);
    throttle.changed();
    vi.advanceTimersByTime(250);
    expect(runs).toEqual([350, 1250]);
  });

  it('reads a function interval at each change', () => {
    const runs: number[] = [];
    let intervalMs = 100;
    const throttle = atMostEvery(
      () => intervalMs,
      () => runs.push(Date.now()),
    );
    throttle.changed();
    vi.advanceTimersByTime(100);
    expect(runs).toEqual([100]);
    intervalMs = 1000;
    throttle.changed();
    vi.advanceTimersByTime(999);
    expect(runs).toEqual([100]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([100, 1100]);
  });

  it('runs nothing after stop', () => {
    const runs: number[] = [];
    const throttle = atMostEvery(250, () => runs.push(Date.now()));
    throttle.changed();
    throttle.stop();
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual([]);
    throttle.changed();
    vi.advanceTimersByTime(250);
    expect(runs).toEqual([1250]);
  });
});
