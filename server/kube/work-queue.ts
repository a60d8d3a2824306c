import { RateLimiter } from './rate-limiter';

/** The longest delay setTimeout keeps (a signed 32-bit count of milliseconds). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Keyed work queue with client-go's guarantees: a key waiting more than once is queued once, a key is
 * never handed to two workers at the same time (re-added while processing, it is queued again when
 * done), failed keys come back after a per-key backoff, and keys can be delayed.
 */
export class WorkQueue {
  private readonly queue: string[] = [];
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly delayed = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  private readonly waiters: ((key: string | undefined) => void)[] = [];
  private shuttingDown = false;

  constructor(readonly limiter: RateLimiter = new RateLimiter()) {}

  /** Keys waiting to be handed out (not counting delayed or in-progress keys). */
  get depth(): number {
    return this.queue.length;
  }

  add(key: string): void {
    if (this.shuttingDown || this.dirty.has(key)) return;
    this.dirty.add(key);
    if (this.processing.has(key)) return;
    const waiter = this.waiters.shift();
    if (waiter) {
      this.dirty.delete(key);
      this.processing.add(key);
      waiter(key);
    } else {
      this.queue.push(key);
    }
  }

  /**
   * Adds `key` after `ms`; an earlier pending delay for the same key wins. A delay beyond what a Node
   * timer holds (about 24.8 days) would fire at once and loop; it is shortened to that instead, and the
   * reconcile then asks again for what is left.
   */
  addAfter(key: string, requestedMs: number): void {
    if (this.shuttingDown) return;
    if (requestedMs <= 0) {
      this.add(key);
      return;
    }
    const ms = Math.min(requestedMs, MAX_TIMER_MS);
    const at = Date.now() + ms;
    const pending = this.delayed.get(key);
    if (pending && pending.at <= at) return;
    if (pending) clearTimeout(pending.timer);
    const timer = setTimeout(() => {
      this.delayed.delete(key);
      this.add(key);
    }, ms);
    timer.unref();
    this.delayed.set(key, { at, timer });
  }

  /** Re-adds a failed key after its backoff; returns the delay used. */
  addRateLimited(key: string): number {
    const delay = this.limiter.when(key);
    this.addAfter(key, delay);
    return delay;
  }

  forget(key: string): void {
    this.limiter.forget(key);
  }

  /** The next key, waiting for one if needed; undefined once the queue shuts down. */
  get(): Promise<string | undefined> {
    if (this.shuttingDown) return Promise.resolve(undefined);
    const key = this.queue.shift();
    if (key !== undefined) {
      this.dirty.delete(key);
      this.processing.add(key);
      return Promise.resolve(key);
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Marks `key` finished; if it was added meanwhile, it is queued again. */
  done(key: string): void {
    this.processing.delete(key);
    if (this.dirty.has(key)) {
      this.dirty.delete(key);
      this.add(key);
    }
  }

  shutDown(): void {
    this.shuttingDown = true;
    for (const { timer } of this.delayed.values()) clearTimeout(timer);
    this.delayed.clear();
    for (const waiter of this.waiters.splice(0)) waiter(undefined);
  }
}
