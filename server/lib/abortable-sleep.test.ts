import { afterEach, describe, expect, it, vi } from 'vitest';
import { abortableSleep } from './abortable-sleep';

describe('abortableSleep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves once the time has passed', async () => {
    vi.useFakeTimers();
    let done = false;
    const sleeping = abortableSleep(100).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(done).toBe(true);
  });

  it('rejects with the reason when aborted, before or during the wait', async () => {
    const during = new AbortController();
    const sleeping = abortableSleep(60_000, during.signal);
    during.abort(new Error('gone'));
    await expect(sleeping).rejects.toThrow('gone');
    await expect(abortableSleep(60_000, AbortSignal.abort())).rejects.toThrow();
  });
});
