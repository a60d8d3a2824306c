import type { KubernetesObject } from '@kubernetes/client-node';

/** Never a value: the key that ties a descriptor to the type of its objects, for the type checker only. */
declare const objectType: unique symbol;

/**
 * Identifies a Kubernetes resource type; enough to build list and watch paths. `T` is the type of its
 * objects, so a cache found by its descriptor (`InformerSet.of`) is typed without a type argument.
 */
export interface ResourceDescriptor<T extends KubernetesObject = KubernetesObject> {
  group: string;
  version: string;
  plural: string;
  kind: string;
  namespaced: boolean;
  /** Type only: never set. */
  readonly [objectType]?: T;
}
