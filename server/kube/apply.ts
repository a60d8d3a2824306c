import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { kubeRequestJson } from './kube-request';
import { collectionPath, type ResourceDescriptor } from './resource';

/** Every write Rackpilot makes is owned by this field manager. */
export const FIELD_MANAGER = 'rackpilot';

export function objectPath(
  resource: ResourceDescriptor,
  namespace: string | undefined,
  name: string,
): string {
  return `${collectionPath(resource, namespace)}/${name}`;
}

/** Server-side apply under Rackpilot's one field manager; returns the object as stored. */
export function applyObject<T extends KubernetesObject>(
  kc: KubeConfig,
  resource: ResourceDescriptor,
  object: T,
): Promise<T> {
  const { namespace, name = '' } = object.metadata ?? {};
  return kubeRequestJson<T>(kc, objectPath(resource, namespace, name), {
    method: 'PATCH',
    query: { fieldManager: FIELD_MANAGER, force: true },
    body: object,
    contentType: 'application/apply-patch+yaml',
  });
}

/** JSON merge patch; with a resourceVersion in the patch the server rejects it (409) if the object moved on. */
export function mergePatch<T extends KubernetesObject>(
  kc: KubeConfig,
  resource: ResourceDescriptor,
  namespace: string | undefined,
  name: string,
  patch: unknown,
  subresource?: 'status',
): Promise<T> {
  const path = objectPath(resource, namespace, name) + (subresource ? `/${subresource}` : '');
  return kubeRequestJson<T>(kc, path, {
    method: 'PATCH',
    query: { fieldManager: FIELD_MANAGER },
    body: patch,
    contentType: 'application/merge-patch+json',
  });
}

/** Deletes an object; already gone counts as done. */
export async function deleteObject(
  kc: KubeConfig,
  resource: ResourceDescriptor,
  namespace: string | undefined,
  name: string,
  /** e.g. the uid the caller confirmed: a different object of the same name is refused (409). */
  preconditions?: { uid?: string; resourceVersion?: string },
): Promise<void> {
  try {
    await kubeRequestJson(kc, objectPath(resource, namespace, name), {
      method: 'DELETE',
      query: { propagationPolicy: 'Background' },
      body: preconditions ? { apiVersion: 'v1', kind: 'DeleteOptions', preconditions } : undefined,
    });
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error;
  }
}

export function isConflict(error: unknown): boolean {
  return (error as { status?: number } | null)?.status === 409;
}

export function isNotFound(error: unknown): boolean {
  return (error as { status?: number } | null)?.status === 404;
}
