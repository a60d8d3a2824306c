import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atMostEvery } from './at-most-every';

describe('atMostEvery', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a burst once, an interval after its first change, and a change after a quiet spell at once', () => {
    const runs: number[] = [];
    const throttle = atMostEvery(250, () => runs.push(Date.now()));
    vi.advanceTimersByTime(100);
    throttle.changed();
    throttle.changed();
    vi.advanceTimersByTime(249);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([350]);

    vi.advanceTimersByTime(650);
    throttle.changed();
    vi.advanceTimersByTime(0);
    expect(runs).toEqual([350, 1000]);

    vi.advanceTimersByTime(10);
    throttle.changed();
    vi.advanceTimersByTime(300);
    expect(runs).toEqual([350, 1000, 1260]);
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
    vi.advanceTimersByTime(500);
    throttle.changed();
    vi.advanceTimersByTime(999);
    expect(runs).toEqual([100]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([100, 1600]);
  });

  it('runs nothing after stop', () => {
    const runs: number[] = [];
    const throttle = atMostEvery(250, () => runs.push(Date.now()));
    throttle.changed();
    throttle.stop();
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual([]);
    throttle.changed();
    vi.advanceTimersByTime(0);
    expect(runs).toEqual([1000]);
  });
});
