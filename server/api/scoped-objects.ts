import type { KubernetesObject } from '@kubernetes/client-node';
import type { NamespaceScope } from '../access/namespace-scope';
import { objectsInScope } from '../access/scope-filters';
import type { ResourceDescriptor } from '../kube/resource';
import type { Runtime } from '../runtime';

/** The cached objects of a kind in the caller's namespaces; none when the kind is not cached here. */
export function scopedObjects<T extends KubernetesObject>(
  runtime: Runtime,
  resource: ResourceDescriptor<T>,
  scope: NamespaceScope,
): T[] {
  return runtime.informers.has(resource) ? objectsInScope(scope, runtime.informers.of(resource).list()) : [];
}
