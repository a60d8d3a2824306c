import { describe, expect, it } from 'vitest';
import { abortableDelays } from './abortable-delays';

describe('abortableDelays', () => {
  it('resolves true once the time is up, without a signal too', async () => {
    expect(await abortableDelays(undefined)(1)).toBe(true);
    const wait = abortableDelays(new AbortController().signal);
    const started = Date.now();
    expect(await wait(20)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('ends every pending wait with false on abort, and later waits at once', async () => {
    const stop = new AbortController();
    const wait = abortableDelays(stop.signal);
    const started = Date.now();
    const pending = [wait(60_000), wait(60_000), wait(1)];
    expect(await pending[2]).toBe(true);
    stop.abort();
    expect(await Promise.all(pending.slice(0, 2))).toEqual([false, false]);
    expect(await wait(60_000)).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
