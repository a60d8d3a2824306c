import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from './rate-limiter';
import { WorkQueue } from './work-queue';

afterEach(() => {
  vi.useRealTimers();
});

describe('WorkQueue', () => {
  it('queues a key once however often it is added', async () => {
    const queue = new WorkQueue();
    queue.add('a');
    queue.add('b');
    queue.add('a');
    expect(queue.depth).toBe(2);
    expect(await queue.get()).toBe('a');
    expect(await queue.get()).toBe('b');
    expect(queue.depth).toBe(0);
  });

  it('never hands one key to two workers; a key added while processing comes back after done', async () => {
    const queue = new WorkQueue();
    queue.add('a');
    const first = await queue.get();
    queue.add('a');
    expect(queue.depth).toBe(0);
    let second: string | undefined;
    void queue.get().then((key) => (second = key));
    await Promise.resolve();
    expect(second).toBeUndefined();
    queue.done(first ?? '');
    await Promise.resolve();
    expect(second).toBe('a');
  });

  it('wakes a waiting worker when a key arrives', async () => {
    const queue = new WorkQueue();
    const waiting = queue.get();
    queue.add('x');
    expect(await waiting).toBe('x');
  });

  it('delays keys, the earliest delay winning', () => {
    vi.useFakeTimers();
    const queue = new WorkQueue();
    queue.addAfter('a', 1000);
    queue.addAfter('a', 100);
    queue.addAfter('a', 5000);
    vi.advanceTimersByTime(99);
    expect(queue.depth).toBe(0);
    vi.advanceTimersByTime(1);
    expect(queue.depth).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(queue.depth).toBe(1);
  });

  it('keeps a delay longer than a timer can hold (a year) instead of firing at once', () => {
    vi.useFakeTimers();
    const queue = new WorkQueue();
    queue.addAfter('a', 365 * 24 * 3600 * 1000);
    vi.advanceTimersByTime(60_000);
    expect(queue.depth).toBe(0);
    vi.advanceTimersByTime(2 ** 31);
    expect(queue.depth).toBe(1);
  });

  it('backs off failed keys per key and forgets on success', () => {
    const queue = new WorkQueue(new RateLimiter({ baseMs: 5, maxMs: 1_000_000, qps: 1e9, burst: 1e9 }));
    expect([1, 2, 3, 4].map(() => queue.addRateLimited('a'))).toEqual([5, 10, 20, 40]);
    expect(queue.addRateLimited('b')).toBe(5);
    queue.forget('a');
    expect(queue.addRateLimited('a')).toBe(5);
    queue.shutDown();
  });

  it('releases waiting workers on shut down and ignores later adds', async () => {
    const queue = new WorkQueue();
    const waiting = queue.get();
    queue.shutDown();
    expect(await waiting).toBeUndefined();
    queue.add('a');
    expect(queue.depth).toBe(0);
  });
});

describe('RateLimiter', () => {
  it.each([
    { failures: 0, delay: 5 },
    { failures: 1, delay: 10 },
    { failures: 10, delay: 5120 },
    { failures: 30, delay: 1_000_000 },
  ])(
    'after $failures failures the per-key delay is $delay ms (5 ms doubling, capped at 1000 s)',
    ({ failures, delay }) => {
      const limiter = new RateLimiter({ baseMs: 5, maxMs: 1_000_000, qps: 1e9, burst: 1e9 });
      for (let i = 0; i < failures; i++) limiter.when('k');
      expect(limiter.when('k')).toBe(delay);
    },
  );

  it('limits retries overall with a token bucket once the burst is spent', () => {
    let now = 0;
    const limiter = new RateLimiter({ baseMs: 5, maxMs: 1_000_000, qps: 10, burst: 2 }, () => now);
    expect(limiter.when('a')).toBe(5);
    expect(limiter.when('b')).toBe(5);
    expect(limiter.when('c')).toBe(100);
    expect(limiter.when('d')).toBe(200);
    now = 1000;
    expect(limiter.when('e')).toBe(5);
  });
});
