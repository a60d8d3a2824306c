import type { KubernetesObject } from '@kubernetes/client-node';
import { isConflict, isNotFound, mergePatch } from './apply';
import type { ControllerContext } from './controller-context';
import type { ReconcileResult } from './controller-declaration';
import type { ResourceDescriptor } from './resource';

function setFinalizers<T extends KubernetesObject>(
  ctx: ControllerContext,
  resource: ResourceDescriptor,
  object: T,
  finalizers: string[],
): Promise<T> {
  const { namespace, name = '', resourceVersion } = object.metadata ?? {};
  // The resourceVersion makes this a compare-and-swap: another writer's finalizer is never dropped.
  return mergePatch<T>(ctx.kc, resource, namespace, name, { metadata: { resourceVersion, finalizers } });
}

export function hasFinalizer(object: KubernetesObject, finalizer: string): boolean {
  return (object.metadata?.finalizers ?? []).includes(finalizer);
}

/** The object with the finalizer stored, as the write returned it; undefined when it moved on (409). */
export async function addFinalizer<T extends KubernetesObject>(
  ctx: ControllerContext,
  resource: ResourceDescriptor,
  object: T,
  finalizer: string,
): Promise<T | undefined> {
  try {
    const updated = await setFinalizers(ctx, resource, object, [
      ...(object.metadata?.finalizers ?? []),
      finalizer,
    ]);
    ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'finalizer' });
    return updated;
  } catch (error) {
    if (isConflict(error)) return undefined;
    throw error;
  }
}

export async function removeFinalizer(
  ctx: ControllerContext,
  resource: ResourceDescriptor,
  object: KubernetesObject,
  finalizer: string,
): Promise<ReconcileResult | undefined> {
  try {
    await setFinalizers(
      ctx,
      resource,
      object,
      (object.metadata?.finalizers ?? []).filter((f) => f !== finalizer),
    );
    ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'finalizer' });
    return undefined;
  } catch (error) {
    if (isConflict(error)) return { conflict: true };
    // Already gone: an earlier pass removed the finalizer and the cache had not caught up yet.
    if (isNotFound(error)) return undefined;
    throw error;
  }
}
