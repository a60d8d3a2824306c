import type { KubernetesObject } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import { deleteObject } from '../kube/apply';
import { KubeRequestError } from '../kube/kube-request';
import type { ResourceDescriptor } from '../kube/resource';
import type { Runtime } from '../runtime';
import { apiServerSaid } from './api-rejection';
import { fetchObjectEvents } from './object-events';
import type { ObjectRef } from './object-ref';

/**
 * events.k8s.io/v1 events regarding one cached object, read on demand; none when it is not cached.
 * Read after this replica's own records about it are written, so an action's Event is in the list the
 * console reads right after the action's answer.
 */
export async function cachedObjectEvents<T extends KubernetesObject>(
  runtime: Runtime,
  resource: ResourceDescriptor<T>,
  ref: ObjectRef,
) {
  const uid = runtime.informers.of(resource).get(ref.name, ref.namespace)?.metadata?.uid;
  if (!uid) return [];
  await runtime.consoleEvents.written(uid);
  return fetchObjectEvents(runtime.kc, ref.namespace, uid);
}

/**
 * Deletes one object the cache holds (a 404 naming it when it does not); what it owns goes with it.
 * The API server's refusal of our service account is the caller's 403, in its words.
 */
export async function deleteCachedObject<T extends KubernetesObject>(
  runtime: Runtime,
  resource: ResourceDescriptor<T>,
  ref: ObjectRef,
): Promise<{ status: 'deleting' }> {
  if (!runtime.informers.of(resource).get(ref.name, ref.namespace)) {
    throw new TRPCError({
      code: 'NOT_FOUND',
      message: `${resource.kind} ${ref.namespace}/${ref.name} does not exist`,
    });
  }
  try {
    await deleteObject(runtime.kc, resource, ref.namespace, ref.name);
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 403)
      throw new TRPCError({ code: 'FORBIDDEN', message: apiServerSaid(error), cause: error });
    throw error;
  }
  return { status: 'deleting' };
}
