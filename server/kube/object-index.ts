/** One secondary index of a cache: index value → keys of the objects that carry it. */
export class ObjectIndex<T> {
  private readonly byValue = new Map<string, Set<string>>();

  constructor(private readonly values: (object: T) => string[]) {}

  add(key: string, object: T): void {
    for (const value of this.values(object)) {
      let keys = this.byValue.get(value);
      if (!keys) this.byValue.set(value, (keys = new Set()));
      keys.add(key);
    }
  }

  remove(key: string, object: T): void {
    for (const value of this.values(object)) {
      const keys = this.byValue.get(value);
      keys?.delete(key);
      if (keys?.size === 0) this.byValue.delete(value);
    }
  }

  keys(value: string): string[] {
    return [...(this.byValue.get(value) ?? [])];
  }
}
