import { setTimeout as sleepFor } from 'node:timers/promises';

export interface PaceOptions {
  concurrency: number;
  ratePerSecond: number;
}

export interface PaceClock {
  now(): number;
  /** Resolves after `ms`, or early when `signal` aborts (never rejects). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const realClock: PaceClock = {
  now: () => performance.now(),
  sleep: (ms, signal) => sleepFor(ms, undefined, { signal }).catch(() => undefined),
};

/**
 * When the next start may be: one interval after the last, but never in the past, so starts that fell
 * behind (slow hosts took every worker) do not then burst to catch up.
 */
export function nextSlot(lastSlot: number | undefined, now: number, ratePerSecond: number): number {
  if (lastSlot === undefined) return now;
  return Math.max(lastSlot + 1000 / ratePerSecond, now);
}

/**
 * Runs `run(0)` … `run(count - 1)` in order, at most `concurrency` at once and starts at most
 * `ratePerSecond` a second. Stops starting new ones when `signal` aborts; the ones running finish.
 */
export async function runPaced(
  count: number,
  options: PaceOptions,
  run: (index: number) => Promise<void>,
  signal: AbortSignal,
  clock: PaceClock = realClock,
): Promise<void> {
  let next = 0;
  let lastSlot: number | undefined;
  // A function, not the field: the sleep may end because of the abort.
  const stopped = () => signal.aborted;
  const worker = async () => {
    while (!stopped() && next < count) {
      const index = next++;
      const slot = nextSlot(lastSlot, clock.now(), options.ratePerSecond);
      lastSlot = slot;
      const wait = slot - clock.now();
      if (wait > 0) await clock.sleep(wait, signal);
      if (stopped()) return;
      await run(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, count) }, worker));
}
