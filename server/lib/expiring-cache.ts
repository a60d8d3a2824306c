/**
 * A map whose entries each end at a time of their own, holding at most `limit` (the oldest set goes
 * first when a new one comes); what it dropped for the limit is counted.
 */
export class ExpiringCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  evictions = 0;

  constructor(
    private readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Holds `value` until `until` (ms since the epoch); one already past is not held. */
  set(key: K, value: V, until: number): void {
    this.entries.delete(key);
    if (until <= this.now()) return;
    this.entries.set(key, { value, until });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limit) break;
      this.entries.delete(oldest);
      this.evictions++;
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
