import { describe, expect, it } from 'vitest';
import { KeyedConcurrency } from './keyed-concurrency';

describe('KeyedConcurrency', () => {
  it('runs up to the limit, lines up the next ones and refuses past the line', async () => {
    const limiter = new KeyedConcurrency({ running: 2, waiting: 1 });
    const first = await limiter.acquire('a');
    const second = await limiter.acquire('a');
    let thirdRuns = false;
    const third = limiter.acquire('a').then((release) => {
      thirdRuns = true;
      return release;
    });
    expect(await limiter.acquire('a')).toBeUndefined();
    expect(await limiter.acquire('b')).toBeTypeOf('function');
    await Promise.resolve();
    expect(thirdRuns).toBe(false);
    first?.();
    (await third)?.();
    second?.();
    expect(thirdRuns).toBe(true);
  });

  it('forgets a key once nothing of it runs or waits', async () => {
    const limiter = new KeyedConcurrency({ running: 1, waiting: 1 });
    const release = await limiter.acquire('a');
    expect(limiter.size).toBe(1);
    release?.();
    release?.();
    expect(limiter.size).toBe(0);
  });

  it('gives up the place of a waiting call whose caller went away', async () => {
    const limiter = new KeyedConcurrency({ running: 1, waiting: 1 });
    const release = await limiter.acquire('a');
    const controller = new AbortController();
    const waiting = limiter.acquire('a', controller.signal);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    const next = limiter.acquire('a');
    release?.();
    (await next)?.();
    expect(limiter.size).toBe(0);
  });
});
