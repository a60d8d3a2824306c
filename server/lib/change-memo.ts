/**
 * Answers kept until what they were computed from changes: at most `limit` of them (the oldest
 * computed goes first when a new one comes), all forgotten at once by `forget`. What it dropped for
 * the limit is counted.
 */
export class ChangeMemo<V> {
  private readonly answers = new Map<string, V>();
  evictions = 0;

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new Error(`a memo must hold at least one answer, not ${limit}`);
  }

  get size(): number {
    return this.answers.size;
  }

  /** The answer held for `key`, or `compute`'s, held from now until the next `forget`. */
  answer(key: string, compute: () => V): V {
    if (this.answers.has(key)) return this.answers.get(key) as V;
    const value = compute();
    this.answers.set(key, value);
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= this.limit) break;
      this.answers.delete(oldest);
      this.evictions++;
    }
    return value;
  }

  /** What it was computed from has changed: no answer held is known to be right. */
  forget(): void {
    this.answers.clear();
  }
}
