import type { KubernetesObject } from '@kubernetes/client-node';
import { objectKey } from './informer';

/** What a MutationCache reads from: an Informer, or anything with the same cache view and events. */
export interface MutationCacheSource<T extends KubernetesObject> {
  get(name: string, namespace?: string): T | undefined;
  on(event: 'add' | 'update' | 'delete', listener: (object: T) => void): unknown;
}

/**
 * Whether resourceVersion `a` is `b` or later. The API server's versions are etcd revisions, decimal
 * integers that only grow (client-go's mutation cache compares them the same way); anything else is
 * compared for equality only.
 */
export function sameOrLater(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  if (!/^\d+$/.test(a) || !/^\d+$/.test(b)) return a === b;
  return a.length === b.length ? a >= b : a.length > b.length;
}

interface Entry<T> {
  object: T;
  /** False while the write is in flight: the object is what the write will make, not what it made. */
  written: boolean;
  expires: number;
}

/**
 * Layers this process's own writes over an informer's cache until the watch delivers them.
 *
 * Without it, a worker that just labelled a host plans the next cluster on a cache that still shows
 * the host free, and workers planning at the same moment pick the same hosts; both end in conflicts
 * and re-plans. `assume` is called in the same synchronous step as planning, so no other worker of
 * this process can plan between the choice and its reservation. The API server's resourceVersion
 * preconditions stay the guarantee: this only avoids writes that are bound to fail.
 */
export class MutationCache<T extends KubernetesObject> {
  private readonly overlay = new Map<string, Entry<T>>();
  private readonly observe = (object: T): void => {
    const entry = this.overlay.get(objectKey(object));
    if (
      entry?.written &&
      sameOrLater(object.metadata?.resourceVersion, entry.object.metadata?.resourceVersion)
    )
      this.overlay.delete(objectKey(object));
  };
  private readonly deleted = (object: T): void => {
    this.overlay.delete(objectKey(object));
  };

  constructor(
    private readonly source: MutationCacheSource<T>,
    /** A safety net: an entry the watch never confirms (a relist skipped it) stops hiding the cache. */
    private readonly ttlMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {
    source.on('add', this.observe);
    source.on('update', this.observe);
    source.on('delete', this.deleted);
  }

  /** Present `object` (the expected result of a write now going out) instead of the cached one. */
  assume(object: T): void {
    this.overlay.set(objectKey(object), { object, written: false, expires: this.now() + this.ttlMs });
  }

  /** The write returned `object`: present it until the cache holds the same resourceVersion. */
  written(object: T): void {
    const { name = '', namespace } = object.metadata ?? {};
    // The watch may have delivered this write, and changes after it, before the write returned.
    const cached = this.source.get(name, namespace)?.metadata?.resourceVersion;
    if (sameOrLater(cached, object.metadata?.resourceVersion)) {
      this.overlay.delete(objectKey(object));
      return;
    }
    this.overlay.set(objectKey(object), { object, written: true, expires: this.now() + this.ttlMs });
  }

  /** The write failed: the cache is right again. */
  forget(object: KubernetesObject): void {
    this.overlay.delete(objectKey(object));
  }

  /** An object this process created is found before the watch delivers it, once the write returned it. */
  get(name: string, namespace?: string): T | undefined {
    const cached = this.source.get(name, namespace);
    const key = namespace ? `${namespace}/${name}` : name;
    const entry = this.overlay.get(key);
    if (entry && entry.expires <= this.now()) this.overlay.delete(key);
    if (!entry || entry.expires <= this.now() || (!cached && !entry.written)) return cached;
    return entry.object;
  }

  /** Keys of the objects presented over the cache (an expired one until it is next looked up). */
  overlaidKeys(): string[] {
    return [...this.overlay.keys()];
  }

  /** Pending entries, for tests and metrics. */
  get size(): number {
    return this.overlay.size;
  }
}
