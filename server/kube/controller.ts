import type { KubernetesObject } from '@kubernetes/client-node';
import type { ControllerMetrics } from './controller-metrics';
import { objectKey } from './informer';
import type { InformerSet } from './informer-set';
import { WorkQueue } from './work-queue';

export interface ReconcileRequest {
  key: string;
  namespace: string | undefined;
  name: string;
}

/** What a reconcile asks for next; throwing instead means "retry with backoff". */
export interface ReconcileResult {
  requeueAfterMs?: number;
  /** The object changed under us (409): run again at once with fresh caches, no backoff. */
  conflict?: boolean;
}

export interface SecondaryWatch {
  kind: string;
  /** Keys of primary objects affected by a change; `previous` is set for updates. */
  map(object: KubernetesObject, previous?: KubernetesObject): string[];
}

export interface ControllerSpec {
  name: string;
  /** Kind of the primary resource, as registered in the informer set. */
  kind: string;
  watches?: SecondaryWatch[];
  workers?: number;
  reconcile(request: ReconcileRequest): Promise<ReconcileResult | undefined>;
}

const CONFLICT_RETRY_MS = 20;

export function parseKey(key: string): ReconcileRequest {
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

/**
 * Runs one reconcile function over a work queue fed by informer events: the primary kind's own
 * changes, plus secondary kinds mapped to the primary keys they affect.
 */
export class Controller {
  /** Replaced on every start: a queue that was shut down stays shut. */
  private queue = new WorkQueue();
  private readonly detach: (() => void)[] = [];
  private workers: Promise<void>[] = [];

  constructor(
    readonly spec: ControllerSpec,
    private readonly informers: InformerSet,
    private readonly metrics: ControllerMetrics,
    private readonly log: (line: string) => void,
  ) {
    metrics.trackQueue(spec.name, () => this.queue.depth);
  }

  start(): void {
    this.queue = new WorkQueue();
    const primary = this.informers.informer(this.spec.kind);
    const enqueue = (object: KubernetesObject) => {
      this.queue.add(objectKey(object));
    };
    const onUpdate = (object: KubernetesObject, previous: KubernetesObject) => {
      if (worthReconciling(object, previous)) enqueue(object);
    };
    primary.on('add', enqueue);
    primary.on('update', onUpdate);
    primary.on('delete', enqueue);
    this.detach.push(() => {
      primary.off('add', enqueue);
      primary.off('update', onUpdate);
      primary.off('delete', enqueue);
    });
    for (const watch of this.spec.watches ?? []) {
      const informer = this.informers.informer(watch.kind);
      const mapped = (object: KubernetesObject, previous?: KubernetesObject) => {
        for (const key of watch.map(object, previous)) this.queue.add(key);
      };
      const mappedUpdate = (object: KubernetesObject, previous: KubernetesObject) => {
        mapped(object, previous);
      };
      informer.on('add', mapped);
      informer.on('update', mappedUpdate);
      informer.on('delete', mapped);
      this.detach.push(() => {
        informer.off('add', mapped);
        informer.off('update', mappedUpdate);
        informer.off('delete', mapped);
      });
    }
    for (const object of primary.list()) enqueue(object);
    this.workers = Array.from({ length: this.spec.workers ?? 2 }, () => this.work());
  }

  async stop(): Promise<void> {
    for (const detach of this.detach.splice(0)) detach();
    this.queue.shutDown();
    await Promise.all(this.workers);
  }

  private async work(): Promise<void> {
    for (;;) {
      const key = await this.queue.get();
      if (key === undefined) return;
      await this.process(key);
      this.queue.done(key);
    }
  }

  private async process(key: string): Promise<void> {
    const { name } = this.spec;
    const stopTimer = this.metrics.reconcileDuration.startTimer({ controller: name });
    try {
      const result = await this.spec.reconcile(parseKey(key));
      if (result?.conflict) {
        this.metrics.reconciles.inc({ controller: name, result: 'conflict' });
        // A short pause lets the informer catch up with the write that beat us.
        this.queue.addAfter(key, CONFLICT_RETRY_MS);
        return;
      }
      this.queue.forget(key);
      if (result?.requeueAfterMs !== undefined) {
        this.metrics.reconciles.inc({ controller: name, result: 'requeue' });
        this.queue.addAfter(key, result.requeueAfterMs);
      } else {
        this.metrics.reconciles.inc({ controller: name, result: 'success' });
      }
    } catch (error) {
      this.metrics.reconciles.inc({ controller: name, result: 'error' });
      const delay = this.queue.addRateLimited(key);
      this.log(
        `${name} ${key}: ${error instanceof Error ? error.message : String(error)} (retry in ${delay} ms)`,
      );
    } finally {
      stopTimer();
    }
  }
}
