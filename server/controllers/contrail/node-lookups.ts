import type { KubernetesObject, V1Node } from '@kubernetes/client-node';
import type { ClusterReads } from '../../kube/cluster-reads';
import { objectKey } from '../../kube/informer';
import { nodeResource, type ResourceDescriptor } from '../../kube/resource';
import {
  matchesNodeSelector,
  nodeIndexValues,
  selectorIndexValues,
  type NodeSelector,
} from './node-selector';

/** Nodes by each `key=value` label pair (and `*`): a selector's nodes are found through one pair. */
export const NODE_LABEL_INDEX = 'node-label';
/** Selecting objects by each pair of their selector (`*` for none): a node finds what may select it. */
export const SELECTOR_INDEX = 'node-selector';

export { nodeIndexValues };

/** The nodes a selector matches, found through the index under its first pair, then checked whole. */
export function nodesMatching(caches: ClusterReads, selector: NodeSelector): V1Node[] {
  const [first] = selectorIndexValues(selector);
  return caches
    .of(nodeResource)
    .byIndex(NODE_LABEL_INDEX, first ?? '*')
    .filter((node) => matchesNodeSelector(selector, node.metadata?.labels));
}

/**
 * Objects of `resource` (indexed by SELECTOR_INDEX) whose selector matches the node as it is or was:
 * a node event touches only those, never every object.
 */
export function selectingObjects<T extends KubernetesObject>(
  caches: ClusterReads,
  resource: ResourceDescriptor<T>,
  selectorOf: (object: T) => NodeSelector,
  nodes: (KubernetesObject | undefined)[],
): T[] {
  const found = new Map<string, T>();
  const informer = caches.of(resource);
  for (const node of nodes) {
    if (!node) continue;
    for (const value of nodeIndexValues(node)) {
      for (const object of informer.byIndex(SELECTOR_INDEX, value)) {
        if (matchesNodeSelector(selectorOf(object), node.metadata?.labels))
          found.set(objectKey(object), object);
      }
    }
  }
  return [...found.values()];
}
