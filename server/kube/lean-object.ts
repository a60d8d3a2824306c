import type { KubernetesObject } from '@kubernetes/client-node';

/** What `kubectl apply` keeps on the object: a second copy of all of it, as last applied. */
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * The informers' default transform: drops what no controller or page reads and what makes a cached
 * object large, managedFields (controller-runtime's default cache transform drops them too) and
 * kubectl's last-applied copy. Changes the object in place: it comes fresh off the wire.
 */
export function leanObject<T extends KubernetesObject>(object: T): T {
  const metadata = object.metadata;
  if (!metadata) return object;
  delete metadata.managedFields;
  if (metadata.annotations && LAST_APPLIED_ANNOTATION in metadata.annotations) {
    const { [LAST_APPLIED_ANNOTATION]: _lastApplied, ...annotations } = metadata.annotations;
    metadata.annotations = annotations;
  }
  return object;
}
