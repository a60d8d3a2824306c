import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTicks } from './live-ticks';

afterEach(() => {
  vi.useRealTimers();
});

describe('withTicks', () => {
  it('reports the source’s changes and one a tick, and stops both on unsubscribe', () => {
    vi.useFakeTimers();
    let sourceChange: (() => void) | undefined;
    const unsubscribeSource = vi.fn();
    const onChange = vi.fn();
    const unsubscribe = withTicks((listener) => {
      sourceChange = listener;
      return unsubscribeSource;
    }, 1_000)(onChange);
    sourceChange?.();
    vi.advanceTimersByTime(2_500);
    expect(onChange).toHaveBeenCalledTimes(3);
    unsubscribe();
    vi.advanceTimersByTime(5_000);
    expect(onChange).toHaveBeenCalledTimes(3);
    expect(unsubscribeSource).toHaveBeenCalledOnce();
  });
});
