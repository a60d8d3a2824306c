/**
 * Exponential backoff with full jitter, so many restarting watches do not hit the server in step.
 * With `resetAfterMs`, the delay starts again from the base only once that long has passed since the
 * previous failure (client-go's backoff manager): a watch that fails again soon after reconnecting,
 * however many events it delivered in between, keeps backing off instead of looping.
 */
export class Backoff {
  private attempt = 0;
  private lastFailureAt: number | undefined;

  constructor(
    private readonly baseMs: number,
    private readonly maxMs: number,
    private readonly random: () => number = Math.random,
    private readonly resetAfterMs = Infinity,
    private readonly now: () => number = Date.now,
  ) {}

  /** Delay before the next attempt; grows with every call until a long enough quiet. */
  next(): number {
    const now = this.now();
    if (this.lastFailureAt !== undefined && now - this.lastFailureAt >= this.resetAfterMs) this.attempt = 0;
    this.lastFailureAt = now;
    const ceiling = Math.min(this.maxMs, this.baseMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 52);
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }
}
