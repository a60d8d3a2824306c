import { z } from 'zod';

/**
 * A rate setting written `<per second>:<burst>` (e.g. RACKPILOT_CALL_RATE_PER_CALLER=20:64); `what`
 * names what is counted, for the error.
 */
export function rateSettingSchema(example: string, what: string) {
  return z
    .string()
    .regex(
      /^[1-9]\d{0,5}:[1-9]\d{0,5}$/,
      `must look like ${example} (${what} a second:${what} at once before the pace)`,
    )
    .transform((value): RateLimits => {
      const [perSecond, burst] = value.split(':').map(Number);
      return { perSecond: perSecond ?? 1, burst: burst ?? 1 };
    });
}

export interface RateLimits {
  /** Calls of one key a second, sustained. */
  perSecond: number;
  /** Calls of one key that may run back to back before the pace applies. */
  burst: number;
}

/** Keys remembered at most; a key whose schedule has caught up with the clock is the same as none. */
const MAX_KEYS = 10_000;
/** What a sweep that must drop keys still in their pace keeps. */
const KEPT_AFTER_SWEEP = MAX_KEYS - MAX_KEYS / 10;

/**
 * A pace per key (a caller), as a token bucket kept as one number: the time at which the key's
 * schedule is next free (the generic cell rate algorithm). A call takes its place in the schedule at
 * once and is told how long to wait, so calls of one key run in the order they came.
 */
export class KeyedRate {
  private readonly nextFree = new Map<string, number>();
  private readonly intervalMs: number;
  private readonly toleranceMs: number;

  constructor(
    readonly limits: RateLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.intervalMs = 1000 / limits.perSecond;
    this.toleranceMs = (limits.burst - 1) * this.intervalMs;
  }

  /** Keys whose pace still applies. */
  get size(): number {
    return this.nextFree.size;
  }

  /** Takes the key's next place: the milliseconds to wait before the call may run, 0 for at once. */
  reserve(key: string): number {
    const now = this.now();
    const free = Math.max(this.nextFree.get(key) ?? now, now);
    this.nextFree.delete(key);
    this.nextFree.set(key, free + this.intervalMs);
    this.forgetCaughtUp(now);
    return Math.max(0, free - this.toleranceMs - now);
  }

  /** How long the key's next call would wait, without taking its place. */
  waitFor(key: string): number {
    const now = this.now();
    const free = this.nextFree.get(key) ?? now;
    return Math.max(0, free - this.toleranceMs - now);
  }

  /**
   * Keeps the map bounded: keys whose schedule is behind the clock are dropped first; if there are still
   * too many, the longest unused go (they start again with a whole burst, which only errs towards serving),
   * down to a tenth below the bound, so that a flood of new keys pays for one sweep per thousand keys
   * rather than one per key.
   */
  private forgetCaughtUp(now: number): void {
    if (this.nextFree.size <= MAX_KEYS) return;
    for (const [key, free] of this.nextFree) if (free <= now) this.nextFree.delete(key);
    for (const key of this.nextFree.keys()) {
      if (this.nextFree.size <= KEPT_AFTER_SWEEP) break;
      this.nextFree.delete(key);
    }
  }
}
