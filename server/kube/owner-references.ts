import type { KubernetesObject, V1OwnerReference } from '@kubernetes/client-node';
import { apiVersionOf, type ResourceDescriptor } from './resource';

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** The reference that makes `owner` an object's controller, as the garbage collector reads it. */
export function controllerReference(owner: KubernetesObject, resource: ResourceDescriptor): V1OwnerReference {
  return {
    apiVersion: apiVersionOf(resource),
    kind: resource.kind,
    name: owner.metadata?.name ?? '',
    uid: owner.metadata?.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** The object's controller reference when its controller is of `resource`'s kind (any version). */
export function controllerOf(
  object: KubernetesObject | undefined,
  resource: ResourceDescriptor,
): V1OwnerReference | undefined {
  return (object?.metadata?.ownerReferences ?? []).find(
    (ref) =>
      ref.controller === true && ref.kind === resource.kind && groupOf(ref.apiVersion) === resource.group,
  );
}

/** Whether `owner` (by uid, so a look-alike of the same name is not) controls the object. */
export function isControlledBy(object: KubernetesObject, owner: KubernetesObject): boolean {
  const uid = owner.metadata?.uid;
  return (
    Boolean(uid) && (object.metadata?.ownerReferences ?? []).some((ref) => ref.controller && ref.uid === uid)
  );
}

/** The key (namespace/name) of the primary that controls a namespaced object, if one of `resource` does. */
export function ownerKey(
  object: KubernetesObject | undefined,
  resource: ResourceDescriptor,
): string | undefined {
  const ref = controllerOf(object, resource);
  const namespace = object?.metadata?.namespace;
  if (!ref) return undefined;
  return resource.namespaced && namespace ? `${namespace}/${ref.name}` : ref.name;
}
