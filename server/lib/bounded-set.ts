import { ExpiringCache } from './expiring-cache';

/** A set that forgets its oldest member once it holds `limit`; what it forgot is counted. */
export class BoundedSet<T> {
  // Members never expire: the cache's limit is the only way out.
  private readonly members: ExpiringCache<T, true>;

  constructor(limit: number) {
    this.members = new ExpiringCache(limit);
  }

  get size(): number {
    return this.members.size;
  }

  get evictions(): number {
    return this.members.evictions;
  }

  has(value: T): boolean {
    return this.members.get(value) !== undefined;
  }

  add(value: T): void {
    this.members.set(value, true, Number.POSITIVE_INFINITY);
  }
}
