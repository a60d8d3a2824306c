/** A set that forgets its oldest member once it holds `limit`; what it forgot is counted. */
export class BoundedSet<T> {
  private readonly members = new Set<T>();
  evictions = 0;

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.members.size;
  }

  has(value: T): boolean {
    return this.members.has(value);
  }

  add(value: T): void {
    this.members.delete(value);
    this.members.add(value);
    for (const oldest of this.members) {
      if (this.members.size <= this.limit) break;
      this.members.delete(oldest);
      this.evictions++;
    }
  }
}
