import type { KubernetesObject, V1PolicyRule } from '@kubernetes/client-node';
import type { ControllerContext } from './controller-context';
import type { InformerSet } from './informer-set';
import type { ResourceDescriptor } from './resource';

export interface ReconcileRequest {
  key: string;
  namespace: string | undefined;
  name: string;
  /** Aborts when the controller stops (leadership lost, shutdown); API calls in the pass observe it. */
  signal: AbortSignal;
}

/** What a reconcile asks for next; throwing instead means "retry with backoff". */
export interface ReconcileResult {
  requeueAfterMs?: number;
  /** The object changed under us (409): run again soon with fresh caches. */
  conflict?: boolean;
}

/**
 * Of a watched or indexed kind, the objects that matter to a declaration, as a label selector: when
 * every reason to cache the kind names the same one, its cache holds only those (runtime-informers.ts).
 */
interface CachedSubset {
  labelSelector?: string;
}

/** A kind whose changes bring primary objects back; `map` names their keys (namespace/name). */
export interface WatchDeclaration extends CachedSubset {
  resource: ResourceDescriptor;
  /** `previous` is set for updates; anything beyond the object itself is read from `caches`. */
  map(object: KubernetesObject, previous: KubernetesObject | undefined, caches: InformerSet): string[];
}

/** A secondary key on one cache, so a watch mapping looks objects up instead of scanning them all. */
export interface IndexDeclaration extends CachedSubset {
  resource: ResourceDescriptor;
  name: string;
  values: (object: KubernetesObject) => string[];
}

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete';

/** A write beyond the primary and the owned kinds (e.g. labels on hosts), so RBAC can grant it. */
export interface ExtraAccess {
  resource: ResourceDescriptor;
  verbs: Verb[];
}

/** What one controller does on each pass; built once per process by the declaration's `setup`. */
export interface Reconciler<T extends KubernetesObject> {
  /** A live object, with the declared finalizer already stored. */
  reconcile(object: T, request: ReconcileRequest): Promise<ReconcileResult | undefined>;
  /**
   * Clean-up when the object is being deleted; the runtime removes the finalizer once this returns
   * nothing. A result (requeue, conflict) keeps the finalizer for another pass.
   */
  finalize?(object: T, request: ReconcileRequest): Promise<ReconcileResult | undefined>;
}

/**
 * Everything the runtime needs to know about a controller, in one place: from these it builds the
 * informers, maps owned objects back to their owner by controller ownerReference, prunes by owner
 * uid, adds and removes the finalizer, and derives the RBAC rules.
 */
export interface ControllerDeclaration<T extends KubernetesObject = KubernetesObject, Services = unknown> {
  /** Labels metrics and events; also the name RACKPILOT_DISABLED_CONTROLLERS uses unless `switch` is set. */
  name: string;
  /** Kinds that belong together (Ironic and its database) share one switch. */
  switch?: string;
  reconciles: ResourceDescriptor;
  /** Kinds created with a controller ownerReference to the primary; applied in this order's stages. */
  owns: ResourceDescriptor[];
  watches: WatchDeclaration[];
  indexes?: IndexDeclaration[];
  /**
   * Kinds it reads from the caches beyond those it reconciles, owns and watches (a Node's labels, a
   * referenced database). Reading does not say which objects matter, so it adds no cache: the kind
   * must be cached for another reason (the console's reads, a custom kind, another declaration),
   * and an owned kind's cache holds only our own objects. The runtime refuses to start otherwise.
   */
  reads?: ResourceDescriptor[];
  finalizer?: string;
  /** API calls beyond the kinds it reconciles, owns and watches (a read of another kind, extra writes); for RBAC. */
  alsoCalls?: ExtraAccess[];
  /** Rules of the Roles it creates: RBAC lets nobody grant what it does not hold, so the server holds them. */
  delegates?: V1PolicyRule[];
  workers?: number;
  /**
   * Owned and watched objects' events for one primary within this window lead to one reconcile,
   * at most this late (the primary's own changes still go at once): a burst, such as a DaemonSet's
   * pods coming up one by one, is planned and written once instead of once per event.
   */
  coalesceMs?: number;
  /** Process-lifetime state (write-ahead caches, verified sets) lives in the closure this returns. */
  setup(ctx: ControllerContext, services: Services): Reconciler<T>;
}

/** The declaration's type with its object type erased, for lists of mixed controllers. */
export type AnyControllerDeclaration<Services = unknown> = ControllerDeclaration<KubernetesObject, Services>;

export function switchOf(declaration: AnyControllerDeclaration): string {
  return declaration.switch ?? declaration.name;
}

/** Every kind the declarations read from the caches, once each: reconciled, owned, watched, indexed or read. */
export function declaredResources(...declarations: AnyControllerDeclaration[]): ResourceDescriptor[] {
  const byKind = new Map<string, ResourceDescriptor>();
  for (const declaration of declarations) {
    for (const resource of [
      declaration.reconciles,
      ...declaration.owns,
      ...declaration.watches.map((watch) => watch.resource),
      ...(declaration.indexes ?? []).map((index) => index.resource),
      ...(declaration.reads ?? []),
    ]) {
      if (!byKind.has(resource.kind)) byKind.set(resource.kind, resource);
    }
  }
  return [...byKind.values()];
}
