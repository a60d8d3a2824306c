import { ExpiringCache } from './expiring-cache';

/**
 * Answers kept until what they were computed from changes: at most `limit` of them (the oldest
 * computed goes first when a new one comes), all forgotten at once by `forget`. What it dropped for
 * the limit is counted.
 */
export class ChangeMemo<V> {
  // Boxed so that an answer of undefined is held like any other; answers never expire by time.
  private readonly answers: ExpiringCache<string, { value: V }>;

  constructor(limit: number) {
    if (!(limit >= 1)) throw new Error(`a memo must hold at least one answer, not ${limit}`);
    this.answers = new ExpiringCache(limit);
  }

  get size(): number {
    return this.answers.size;
  }

  get evictions(): number {
    return this.answers.evictions;
  }

  /** The answer held for `key`, or `compute`'s, held from now until the next `forget`. */
  answer(key: string, compute: () => V): V {
    const held = this.answers.get(key);
    if (held) return held.value;
    const value = compute();
    this.answers.set(key, { value }, Number.POSITIVE_INFINITY);
    return value;
  }

  /** What it was computed from has changed: no answer held is known to be right. */
  forget(): void {
    this.answers.clear();
  }
}
