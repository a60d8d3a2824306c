/** Per-key exponential backoff combined with an overall token bucket, as client-go's default limiter. */
export class RateLimiter {
  private readonly failures = new Map<string, number>();
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly options = { baseMs: 5, maxMs: 1_000_000, qps: 10, burst: 100 },
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = options.burst;
    this.refilledAt = now();
  }

  /** Delay before `key` may run again after a failure; each call counts as one more failure. */
  when(key: string): number {
    const failures = this.failures.get(key) ?? 0;
    this.failures.set(key, failures + 1);
    const perKey = Math.min(this.options.maxMs, this.options.baseMs * 2 ** failures);
    return Math.max(perKey, this.bucketDelay());
  }

  /** Clears the failure history of `key` after it succeeded. */
  forget(key: string): void {
    this.failures.delete(key);
  }

  failuresOf(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  private bucketDelay(): number {
    const now = this.now();
    this.tokens = Math.min(
      this.options.burst,
      this.tokens + ((now - this.refilledAt) / 1000) * this.options.qps,
    );
    this.refilledAt = now;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / this.options.qps) * 1000);
  }
}
