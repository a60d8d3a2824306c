import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { Informer, type InformerHealth, type InformerOptions } from './informer';
import type { ResourceDescriptor } from './resource';

/** One informer per resource kind, started and stopped together; the caches every reader shares. */
export class InformerSet {
  private readonly byKind = new Map<string, Informer<KubernetesObject>>();

  constructor(
    kc: KubeConfig,
    resources: (ResourceDescriptor | { resource: ResourceDescriptor; options: InformerOptions })[],
    defaults: InformerOptions = {},
  ) {
    for (const entry of resources) {
      const [resource, options] = 'resource' in entry ? [entry.resource, entry.options] : [entry, {}];
      this.byKind.set(resource.kind, new Informer(kc, resource, { ...defaults, ...options }));
    }
  }

  start(): void {
    for (const informer of this.byKind.values()) informer.start();
  }

  stop(): void {
    for (const informer of this.byKind.values()) informer.stop();
  }

  get synced(): boolean {
    return [...this.byKind.values()].every((informer) => informer.synced);
  }

  health(): InformerHealth[] {
    return this.all().map((informer) => informer.health);
  }

  all(): Informer<KubernetesObject>[] {
    return [...this.byKind.values()];
  }

  has(resource: ResourceDescriptor): boolean {
    return this.byKind.has(resource.kind);
  }

  /**
   * The cache of `resource`, typed by its descriptor. Every kind a declaration reconciles, owns or
   * watches is cached by construction, and a declared read that is not stops the start
   * (runtime-informers.ts): this throws only for a kind nobody declared, a programming error, named.
   */
  of<T extends KubernetesObject>(resource: ResourceDescriptor<T>): Informer<T> {
    const informer = this.byKind.get(resource.kind);
    if (!informer) {
      throw new Error(
        `no cache of ${resource.kind}: declare it in a controller's reads, watches or owns, or in the console's reads`,
      );
    }
    // The set holds one informer per kind, made from a descriptor of that kind.
    return informer as unknown as Informer<T>;
  }

  /**
   * Calls the listener after any change in any cache, or only in those of `resources`; returns the
   * function that unsubscribes.
   */
  onChange(listener: () => void, resources?: readonly ResourceDescriptor[]): () => void {
    const kinds = resources && new Set(resources.map((resource) => resource.kind));
    const informers = [...this.byKind.values()].filter((i) => !kinds || kinds.has(i.resource.kind));
    for (const informer of informers) informer.on('change', listener);
    return () => {
      for (const informer of informers) informer.off('change', listener);
    };
  }

  private unsyncedReasons(): string {
    const stuck = this.all().filter((i) => !i.synced);
    return stuck.map((i) => `${i.resource.kind}${i.lastError ? ` (${i.lastError})` : ''}`).join(', ');
  }

  /**
   * Resolves once every cache holds a complete list. `progress`, when given, hears which kinds are still
   * listing every `progressEveryMs`, so a slow first list on a large fleet reads as progress, not a hang.
   */
  async waitForSync(
    timeoutMs: number,
    progress?: (line: string) => void,
    progressEveryMs = 30_000,
  ): Promise<void> {
    const started = Date.now();
    let nextProgress = started + progressEveryMs;
    while (!this.synced) {
      const now = Date.now();
      if (now > started + timeoutMs) {
        throw new Error(`caches not synced after ${timeoutMs / 1000} s: ${this.unsyncedReasons()}`);
      }
      if (progress && now >= nextProgress) {
        progress(
          `caches still listing after ${Math.round((now - started) / 1000)} s: ${this.unsyncedReasons()}`,
        );
        nextProgress = now + progressEveryMs;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
