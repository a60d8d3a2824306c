/**
 * A token bucket per client address: `burst` requests at once, refilled at `perSecond`. Idle buckets are
 * dropped once full again, so memory follows the number of recently active clients only.
 */
export class IpRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = 0;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the address has a token left, without taking it (for limits that count only some requests). */
  allows(address: string): boolean {
    return this.tokens(address, this.now()) >= 1;
  }

  /** Takes one token for the address; false when it has none left. */
  take(address: string): boolean {
    const now = this.now();
    this.sweep(now);
    const tokens = this.tokens(address, now);
    if (tokens < 1) {
      this.buckets.set(address, { tokens, at: now });
      return false;
    }
    this.buckets.set(address, { tokens: tokens - 1, at: now });
    return true;
  }

  /**
   * Sets an address's balance, as another source of truth counted it (below zero when more was taken
   * than the budget allowed: the address then waits until the balance refills past one).
   */
  setTokens(address: string, tokens: number): void {
    this.buckets.set(address, { tokens: Math.min(this.burst, tokens), at: this.now() });
  }

  private tokens(address: string, now: number): number {
    const bucket = this.buckets.get(address);
    return bucket
      ? Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond)
      : this.burst;
  }

  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    const refillMs = (this.burst / this.perSecond) * 1000;
    if (now - this.lastSweep < refillMs) return;
    this.lastSweep = now;
    for (const address of this.buckets.keys()) {
      if (this.tokens(address, now) >= this.burst) this.buckets.delete(address);
    }
  }
}
