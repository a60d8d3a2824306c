export interface ConcurrencyLimits {
  /** Calls of one key running at once. */
  running: number;
  /** Calls of one key waiting for a place; one more is refused. */
  waiting: number;
}

interface KeyState {
  running: number;
  waiting: (() => void)[];
}

/**
 * Calls per key (a caller) running at once, with a bounded line of calls waiting for a place. A key
 * with nothing running and nothing waiting is forgotten, so the map holds only callers with calls in
 * flight.
 */
export class KeyedConcurrency {
  private readonly keys = new Map<string, KeyState>();

  constructor(readonly limits: ConcurrencyLimits) {}

  /** Keys with calls in flight. */
  get size(): number {
    return this.keys.size;
  }

  /**
   * A release to call once the call is done, as soon as it may run; undefined at once when the key's
   * line is full. A call that stops waiting (its signal aborts) gives up its place and rejects.
   */
  async acquire(key: string, signal?: AbortSignal): Promise<(() => void) | undefined> {
    let state = this.keys.get(key);
    if (!state) {
      state = { running: 0, waiting: [] };
      this.keys.set(key, state);
    }
    if (state.running < this.limits.running) {
      state.running++;
      return this.releaseOf(key, state);
    }
    if (state.waiting.length >= this.limits.waiting) return undefined;
    signal?.throwIfAborted();
    const held = state;
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        held.waiting.splice(held.waiting.indexOf(admit), 1);
        this.forgetIfIdle(key, held);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('the call was cancelled'));
      };
      const admit = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      held.waiting.push(admit);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    return this.releaseOf(key, held);
  }

  /** The place passes straight to the next waiting call, so a newcomer cannot take it in between. */
  private releaseOf(key: string, state: KeyState): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = state.waiting.shift();
      if (next) next();
      else {
        state.running--;
        this.forgetIfIdle(key, state);
      }
    };
  }

  private forgetIfIdle(key: string, state: KeyState): void {
    if (state.running === 0 && state.waiting.length === 0 && this.keys.get(key) === state)
      this.keys.delete(key);
  }
}
