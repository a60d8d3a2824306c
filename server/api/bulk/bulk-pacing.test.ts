import { describe, expect, it } from 'vitest';
import { nextSlot, runPaced, type PaceClock } from './bulk-pacing';

describe('nextSlot', () => {
  it.each([
    { last: undefined, now: 100, rate: 10, slot: 100, why: 'the first starts at once' },
    { last: 100, now: 120, rate: 10, slot: 200, why: 'one interval after the last' },
    { last: 100, now: 500, rate: 10, slot: 500, why: 'fallen behind: now, not a burst to catch up' },
    { last: 0, now: 0, rate: 0.5, slot: 2000, why: 'below one a second' },
  ])('$why', ({ last, now, rate, slot }) => {
    expect(nextSlot(last, now, rate)).toBe(slot);
  });
});

/** A clock that moves only when every worker waits: sleeps and runs end in time order. */
function virtualClock() {
  let time = 0;
  const waiting: { at: number; wake: () => void }[] = [];
  const clock: PaceClock = {
    now: () => time,
    sleep: (ms) => new Promise<void>((wake) => waiting.push({ at: time + ms, wake })),
  };
  const advance = async () => {
    for (let turn = 0; turn < 10_000; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      waiting.sort((a, b) => a.at - b.at);
      const first = waiting.shift();
      if (!first) return;
      time = Math.max(time, first.at);
      first.wake();
    }
  };
  return { clock, advance, sleep: (ms: number) => clock.sleep(ms, new AbortController().signal) };
}

describe('runPaced', () => {
  it.each([
    { count: 10, concurrency: 3, rate: 5, runMs: 1000 },
    { count: 7, concurrency: 10, rate: 2, runMs: 10 },
    { count: 5, concurrency: 1, rate: 100, runMs: 50 },
  ])('$count hosts, $concurrency at once, $rate a second', async ({ count, concurrency, rate, runMs }) => {
    const { clock, advance, sleep } = virtualClock();
    const starts: number[] = [];
    let running = 0;
    let most = 0;
    const done = runPaced(
      count,
      { concurrency, ratePerSecond: rate },
      async (index) => {
        starts[index] = clock.now();
        most = Math.max(most, ++running);
        await sleep(runMs);
        running--;
      },
      new AbortController().signal,
      clock,
    );
    await advance();
    await done;
    expect(starts).toHaveLength(count);
    expect(most).toBeLessThanOrEqual(concurrency);
    const gaps = starts.slice(1).map((start, index) => start - (starts[index] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / rate);
  });

  it('an abort stops new starts; the one running finishes', async () => {
    const { clock, advance, sleep } = virtualClock();
    const controller = new AbortController();
    const ran: number[] = [];
    const done = runPaced(
      10,
      { concurrency: 1, ratePerSecond: 10 },
      async (index) => {
        ran.push(index);
        if (index === 2) controller.abort();
        await sleep(1);
      },
      controller.signal,
      clock,
    );
    await advance();
    await done;
    expect(ran).toEqual([0, 1, 2]);
  });
});
