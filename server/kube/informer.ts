import { EventEmitter } from 'node:events';
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { Backoff } from './backoff';
import { ObjectIndex } from './object-index';
import { KubeRequestError } from './kube-request';
import { listPages } from './list-pages';
import { leanObject } from './lean-object';
import { apiVersionOf, collectionPath, type ResourceDescriptor } from './resource';
import { watchStream } from './watch-stream';

interface ListBody<T> {
  items?: T[];
}

interface WatchStatus {
  code?: number;
  message?: string;
}

export interface InformerOptions {
  namespace?: string;
  labelSelector?: string;
  pageSize?: number;
  /** Re-deliver every cached object this often as an update, so level-based consumers self-heal. */
  resyncMs?: number;
  log?: (line: string) => void;
  /**
   * Applied to each object on its way into the cache, listed or watched; it may change the object in
   * place. Default: leanObject.
   */
  transform?: <T extends KubernetesObject>(object: T) => T;
  /**
   * Lists and watches PartialObjectMetadata: the cache holds metadata only (for Secrets, never their
   * values). Cached objects keep the resource's kind and apiVersion.
   */
  metadataOnly?: boolean;
  /**
   * How long a watch may deliver nothing (no event, no bookmark) before it is taken for dead and
   * started again. Default: the watch's server-side timeout plus a minute.
   */
  silenceMs?: number;
}

const METADATA_LIST = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';
const METADATA_WATCH = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1';

export interface InformerEvents<T> {
  add: [object: T];
  update: [object: T, previous: T];
  delete: [object: T];
  /** Any of the above, for consumers that only need to know something changed. */
  change: [];
}

/** What readiness needs to know about one informer, without reaching into it. */
export interface InformerHealth {
  kind: string;
  synced: boolean;
  /** The last list or watch failed and nothing has succeeded since: the cache may be going stale. */
  backingOff: boolean;
  /** Epoch ms of the last successful list, watch start or watch event. */
  lastContactAt: number | undefined;
}

class GoneError extends Error {}

/** A watch that has not failed for this long starts its next backoff from the base (client-go: 2 min). */
const WATCH_HEALTHY_RESET_MS = 120_000;

export function objectKey(object: KubernetesObject): string {
  const { namespace, name } = object.metadata ?? {};
  return namespace ? `${namespace}/${name ?? ''}` : (name ?? '');
}

/**
 * List+watch cache for one resource. Unlike client-node's informer it restarts with backoff after
 * any error, asks for bookmarks, relists on 410 Gone, pages the initial list and exposes `synced`.
 */
export class Informer<T extends KubernetesObject> extends EventEmitter<InformerEvents<T>> {
  private readonly store = new Map<string, T>();
  private readonly indexes = new Map<string, ObjectIndex<T>>();
  private resourceVersion: string | undefined;
  private running = false;
  private abort: AbortController | undefined;
  private sleepTimer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private resyncTimer: NodeJS.Timeout | undefined;
  private readonly backoff = new Backoff(500, 30_000, Math.random, WATCH_HEALTHY_RESET_MS);
  private readonly transform: (object: T) => T;
  private hasSynced = false;
  private failing = false;
  private lastContactAt: number | undefined;
  /** Watch restarts after errors; exported as a metric by later layers. */
  restarts = 0;
  lastError: string | undefined;

  constructor(
    private readonly kc: KubeConfig,
    readonly resource: ResourceDescriptor,
    private readonly options: InformerOptions = {},
  ) {
    super();
    const transform = options.transform ?? leanObject;
    const apiVersion = apiVersionOf(resource);
    this.transform = options.metadataOnly
      ? (object) => Object.assign(transform(object), { apiVersion, kind: resource.kind })
      : transform;
    // Every live subscription listens here, so a busy console has far more than Node's warning level of
    // 10; their number is bounded by the connection and per-socket subscription caps instead.
    this.setMaxListeners(0);
  }

  get synced(): boolean {
    return this.hasSynced;
  }

  get size(): number {
    return this.store.size;
  }

  get health(): InformerHealth {
    return {
      kind: this.resource.kind,
      synced: this.hasSynced,
      backingOff: this.failing,
      lastContactAt: this.lastContactAt,
    };
  }

  private contact(): void {
    this.failing = false;
    this.lastContactAt = Date.now();
  }

  list(): T[] {
    return [...this.store.values()];
  }

  get(name: string, namespace?: string): T | undefined {
    return this.store.get(namespace ? `${namespace}/${name}` : name);
  }

  /** Keeps objects findable by the values `values` gives them; idempotent per name. */
  addIndex(name: string, values: (object: T) => string[]): void {
    if (this.indexes.has(name)) return;
    const index = new ObjectIndex(values);
    for (const [key, object] of this.store) index.add(key, object);
    this.indexes.set(name, index);
  }

  /** The cached objects the named index files under `value`. */
  byIndex(name: string, value: string): T[] {
    const index = this.indexes.get(name);
    if (!index) throw new Error(`no index ${name} on ${this.resource.plural}`);
    return index.keys(value).flatMap((key) => this.store.get(key) ?? []);
  }

  private put(key: string, object: T): void {
    const previous = this.store.get(key);
    this.store.set(key, object);
    for (const index of this.indexes.values()) {
      if (previous) index.remove(key, previous);
      index.add(key, object);
    }
  }

  private remove(key: string): T | undefined {
    const previous = this.store.get(key);
    if (!previous) return undefined;
    this.store.delete(key);
    for (const index of this.indexes.values()) index.remove(key, previous);
    return previous;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.run();
    if (this.options.resyncMs) {
      this.resyncTimer = setInterval(() => {
        for (const object of this.store.values()) this.emit('update', object, object);
      }, this.options.resyncMs);
      this.resyncTimer.unref();
    }
  }

  stop(): void {
    this.running = false;
    this.abort?.abort();
    if (this.sleepTimer) clearTimeout(this.sleepTimer);
    this.wake?.();
    if (this.resyncTimer) clearInterval(this.resyncTimer);
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        if (this.resourceVersion === undefined) await this.relist();
        await this.watchOnce();
      } catch (error) {
        if (this.stopped()) return;
        if (error instanceof GoneError || (error instanceof KubeRequestError && error.status === 410)) {
          // The version the watch would resume from is gone from the server's history: only a fresh
          // list can say what changed meanwhile.
          this.options.log?.(`watch ${this.resource.plural} expired (410 Gone); relisting`);
          this.resourceVersion = undefined;
          continue;
        }
        this.restarts++;
        this.failing = true;
        this.lastError = error instanceof Error ? error.message : String(error);
        const delay = this.backoff.next();
        this.options.log?.(
          `watch ${this.resource.plural} failed (${this.lastError}); retrying in ${delay} ms`,
        );
        await this.sleep(delay);
      }
    }
  }

  private stopped(): boolean {
    return !this.running;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.sleepTimer = setTimeout(resolve, ms);
    });
  }

  private async relist(): Promise<void> {
    const pages = listPages(
      this.kc,
      collectionPath(this.resource, this.options.namespace),
      this.options.pageSize ?? 500,
      {
        query: { labelSelector: this.options.labelSelector },
        accept: this.options.metadataOnly ? METADATA_LIST : undefined,
      },
    );
    const items: T[] = [];
    let listVersion: string | undefined;
    for await (const { text, metadata } of pages) {
      // The first page's resourceVersion is the snapshot every later page belongs to.
      listVersion ??= metadata.resourceVersion;
      // Transformed page by page, so the untransformed list is never held whole.
      for (const item of (JSON.parse(text) as ListBody<T>).items ?? []) items.push(this.transform(item));
    }

    const seen = new Set<string>();
    for (const object of items) {
      const key = objectKey(object);
      seen.add(key);
      this.upsert(key, object);
    }
    for (const [key, object] of this.store) {
      if (!seen.has(key)) {
        this.remove(key);
        this.emit('delete', object);
        this.emit('change');
      }
    }
    this.resourceVersion = listVersion;
    this.hasSynced = true;
    this.contact();
  }

  private upsert(key: string, object: T): void {
    const previous = this.store.get(key);
    this.put(key, object);
    if (!previous) {
      this.emit('add', object);
    } else if (previous.metadata?.resourceVersion !== object.metadata?.resourceVersion) {
      this.emit('update', object, previous);
    } else {
      return;
    }
    this.emit('change');
  }

  /** One watched change, ADDED, MODIFIED, DELETED or BOOKMARK, into the cache. */
  private apply(type: string, object: T): void {
    const version = object.metadata?.resourceVersion;
    if (version) this.resourceVersion = version;
    if (type === 'BOOKMARK') return;
    const stripped = this.transform(object);
    const key = objectKey(stripped);
    if (type === 'DELETED') {
      const previous = this.remove(key);
      this.emit('delete', previous ?? stripped);
      this.emit('change');
    } else {
      this.upsert(key, stripped);
    }
  }

  private watchOnce(): Promise<void> {
    const path = collectionPath(this.resource, this.options.namespace);
    // The server ends each watch after this long; a random spread avoids every informer relisting at once.
    const timeoutSeconds = 240 + Math.floor(Math.random() * 120);
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const finish = (error?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(inactivity);
        if (error)
          reject(error instanceof Error ? error : new Error(`watch failed: ${JSON.stringify(error)}`));
        else resolve();
      };
      // Bookmarks arrive about once a minute, so silence well beyond the server timeout means a dead stream.
      // finish() before abort(): aborting makes the stream fail at once with an AbortError, which
      // would otherwise win and hide the real reason (a 410 must lead to a relist, not a retry).
      const inactivity = setTimeout(
        () => {
          finish(new Error('watch went silent'));
          this.abort?.abort();
        },
        this.options.silenceMs ?? (timeoutSeconds + 60) * 1000,
      );
      const abort = new AbortController();
      this.abort = abort;
      if (!this.running) abort.abort();
      watchStream(this.kc, path, {
        query: {
          resourceVersion: this.resourceVersion,
          allowWatchBookmarks: true,
          timeoutSeconds,
          labelSelector: this.options.labelSelector,
        },
        accept: this.options.metadataOnly ? METADATA_WATCH : undefined,
        signal: abort.signal,
        onOpen: () => {
          this.contact();
        },
        onEvent: ({ type, object }) => {
          this.contact();
          inactivity.refresh();
          if (type === 'ERROR') {
            const status = object as WatchStatus;
            finish(status.code === 410 ? new GoneError() : new Error(status.message ?? 'watch error event'));
            abort.abort();
            return;
          }
          this.apply(type, object as T);
        },
      }).then(
        () => {
          finish();
        },
        (error: unknown) => {
          finish(error instanceof KubeRequestError && error.status === 410 ? new GoneError() : error);
        },
      );
    });
  }
}
