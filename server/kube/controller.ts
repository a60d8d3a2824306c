import { setMaxListeners } from 'node:events';
import type { KubernetesObject } from '@kubernetes/client-node';
import type { ControllerContext } from './controller-context';
import type {
  AnyControllerDeclaration,
  ReconcileRequest,
  ReconcileResult,
  Reconciler,
} from './controller-declaration';
import { addFinalizer, hasFinalizer, removeFinalizer } from './finalizers';
import { objectKey, type Informer } from './informer';
import { ownerKey } from './owner-references';
import { withAbortSignal } from './request-scope';
import { WorkQueue } from './work-queue';
import { writtenOver } from './written-objects';

export function parseKey(key: string): Omit<ReconcileRequest, 'signal'> {
  const slash = key.indexOf('/');
  return slash < 0
    ? { key, namespace: undefined, name: key }
    : { key, namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

/**
 * Only changes a controller acts on: spec (generation), deletion, finalizers, labels, annotations,
 * owners (a Cluster API Machine adopting its infrastructure machine lets that one start).
 */
export function worthReconciling(object: KubernetesObject, previous: KubernetesObject): boolean {
  if (object === previous) return true;
  const a = object.metadata ?? {};
  const b = previous.metadata ?? {};
  return (
    a.generation !== b.generation ||
    a.deletionTimestamp !== b.deletionTimestamp ||
    JSON.stringify(a.finalizers) !== JSON.stringify(b.finalizers) ||
    JSON.stringify(a.labels) !== JSON.stringify(b.labels) ||
    JSON.stringify(a.annotations) !== JSON.stringify(b.annotations) ||
    JSON.stringify(a.ownerReferences) !== JSON.stringify(b.ownerReferences)
  );
}

type Mapper = (object: KubernetesObject, previous?: KubernetesObject) => Iterable<string>;

/**
 * Runs one declared controller over a work queue fed by informer events: the primary kind's own
 * changes, owned objects mapped to their controller by ownerReference, and watched kinds mapped by
 * the declaration. The finalizer is the runtime's: stored before the first reconcile, removed after
 * `finalize` has nothing left to do.
 */
export class Controller {
  /** Replaced on every start: a queue that was shut down stays shut. */
  private queue = new WorkQueue();
  /** Aborted on stop: API calls a reconcile has in flight when leadership is lost are cancelled. */
  private running = new AbortController();
  private readonly detach: (() => void)[] = [];
  private workers: Promise<void>[] = [];

  constructor(
    readonly declaration: AnyControllerDeclaration,
    private readonly reconciler: Reconciler<KubernetesObject>,
    private readonly ctx: ControllerContext,
  ) {
    ctx.metrics.trackQueue(declaration.name, () => this.queue.depth);
  }

  get name(): string {
    return this.declaration.name;
  }

  start(): void {
    this.queue = new WorkQueue();
    this.running = new AbortController();
    // Every request of every worker listens on this one signal: far more than Node's warning level.
    setMaxListeners(0, this.running.signal);
    const { declaration, ctx } = this;
    const primary = ctx.informers.of(declaration.reconciles);
    this.listen(primary, (object, previous) =>
      !previous || worthReconciling(object, previous) ? [objectKey(object)] : [],
    );
    const coalesceMs = declaration.coalesceMs ?? 0;
    for (const resource of declaration.owns) {
      this.listen(
        ctx.informers.of(resource),
        (object, previous) =>
          [ownerKey(object, declaration.reconciles), ownerKey(previous, declaration.reconciles)].filter(
            (key): key is string => key !== undefined,
          ),
        coalesceMs,
      );
    }
    for (const watch of declaration.watches) {
      this.listen(
        ctx.informers.of(watch.resource),
        (object, previous) => watch.map(object, previous, ctx.informers),
        coalesceMs,
      );
    }
    for (const object of primary.list()) this.queue.add(objectKey(object));
    this.workers = Array.from({ length: declaration.workers ?? 2 }, () => this.work());
  }

  async stop(): Promise<void> {
    for (const detach of this.detach.splice(0)) detach();
    this.running.abort();
    this.queue.shutDown();
    await Promise.all(this.workers);
  }

  private listen(informer: Informer<KubernetesObject>, map: Mapper, coalesceMs = 0): void {
    const enqueue = (object: KubernetesObject, previous?: KubernetesObject) => {
      for (const key of map(object, previous)) this.queue.addAfter(key, coalesceMs);
    };
    const onAdd = (object: KubernetesObject) => {
      enqueue(object);
    };
    informer.on('add', onAdd);
    informer.on('update', enqueue);
    informer.on('delete', onAdd);
    this.detach.push(() => {
      informer.off('add', onAdd);
      informer.off('update', enqueue);
      informer.off('delete', onAdd);
    });
  }

  private async work(): Promise<void> {
    for (;;) {
      const key = await this.queue.get();
      if (key === undefined) return;
      await this.process(key);
      this.queue.done(key);
    }
  }

  /** One pass over the cached object: finalizer first, then reconcile or finalize. */
  private async pass(request: ReconcileRequest): Promise<ReconcileResult | undefined> {
    const { declaration, reconciler, ctx } = this;
    const { reconciles, finalizer } = declaration;
    // Through this process's own writes: a pass that runs before the watch has delivered the last status
    // write would otherwise plan from the status before it (and, say, run a finished Job again).
    const cached = writtenOver(ctx.informers.of(reconciles)).get(request.name, request.namespace);
    if (!cached) return undefined;
    if (cached.metadata?.deletionTimestamp) {
      if (!finalizer || !hasFinalizer(cached, finalizer)) return undefined;
      const held = await reconciler.finalize?.(cached, request);
      return held ?? removeFinalizer(ctx, reconciles, cached, finalizer);
    }
    let object = cached;
    if (finalizer && !hasFinalizer(cached, finalizer)) {
      // Reconcile the object the write returned: no need to wait for it to come back through the cache.
      const updated = await addFinalizer(ctx, reconciles, cached, finalizer);
      if (!updated) return { conflict: true };
      object = updated;
    }
    return reconciler.reconcile(object, request);
  }

  private async process(key: string): Promise<void> {
    const { name } = this.declaration;
    const { metrics, log } = this.ctx;
    const stopTimer = metrics.reconcileDuration.startTimer({ controller: name });
    const { signal } = this.running;
    try {
      const result = await withAbortSignal(signal, () => this.pass({ ...parseKey(key), signal }));
      if (result?.conflict) {
        metrics.reconciles.inc({ controller: name, result: 'conflict' });
        // Backing off per key (and overall) lets the informer catch up with the write that beat us,
        // without a hot loop when one object keeps conflicting.
        this.queue.addRateLimited(key);
        return;
      }
      this.queue.forget(key);
      if (result?.requeueAfterMs !== undefined) {
        metrics.reconciles.inc({ controller: name, result: 'requeue' });
        this.queue.addAfter(key, result.requeueAfterMs);
      } else {
        metrics.reconciles.inc({ controller: name, result: 'success' });
      }
    } catch (error) {
      if (signal.aborted) {
        metrics.reconciles.inc({ controller: name, result: 'cancelled' });
        return;
      }
      metrics.reconciles.inc({ controller: name, result: 'error' });
      const delay = this.queue.addRateLimited(key);
      log(`${name} ${key}: ${error instanceof Error ? error.message : String(error)} (retry in ${delay} ms)`);
    } finally {
      stopTimer();
    }
  }
}
