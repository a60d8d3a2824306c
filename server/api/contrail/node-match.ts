import type { V1Node } from '@kubernetes/client-node';
import { z } from 'zod';
import { nodesMatching, selectingObjects, VF_CAPACITY_LABEL } from '../../controllers/contrail';
import { objectKey } from '../../kube/informer';
import type { InformerSet } from '../../kube/informer-set';
import { vrouterResource, type Vrouter } from '../../types/crds/vrouter';

/** Names listed at most; the count is always whole. */
export const MAX_MATCH_NAMES = 100;

/**
 * The selector as the form has it while it is being typed: pairs are matched as they are (a
 * half-typed key simply matches nothing), so only their size is limited here.
 */
export const nodeMatchInputSchema = z.object({
  selector: z.array(z.object({ key: z.string().max(317), value: z.string().max(63) })).max(20),
  /** The group being edited (namespace/name): its own nodes are not taken. */
  self: z.string().max(317).optional(),
});

export interface MatchedNode {
  name: string;
  vfCapacity: number;
  /** vRouter groups (namespace/name) that already select the node. */
  groups: string[];
}

export interface NodeMatch {
  count: number;
  /** The first MAX_MATCH_NAMES by name; nodes another group holds come first. */
  nodes: MatchedNode[];
  /** How many of the matched nodes another group already selects. */
  taken: number;
  /** The fewest SR-IOV VFs among the matched nodes; null when none matches. */
  vfCapacity: number | null;
}

export function vfCapacityOf(node: V1Node): number {
  const value = Number(node.metadata?.labels?.[VF_CAPACITY_LABEL] ?? '0');
  return Number.isInteger(value) && value > 0 ? value : 0;
}

const selectorOf = (vrouter: Vrouter) => vrouter.spec.commonConfiguration?.nodeSelector;

/** The groups that already select the node, other than `self` (namespace/name). */
export function groupsSelecting(informers: InformerSet, node: V1Node, self?: string): string[] {
  return selectingObjects(informers, vrouterResource, selectorOf, [node])
    .map(objectKey)
    .filter((key) => key !== self)
    .sort();
}

/** The count, the first names (held ones first) and the fewest VFs of the matched nodes. */
export function summarizeMatch(nodes: MatchedNode[]): NodeMatch {
  const sorted = [...nodes].sort(
    (a, b) => Number(b.groups.length > 0) - Number(a.groups.length > 0) || a.name.localeCompare(b.name),
  );
  return {
    count: sorted.length,
    nodes: sorted.slice(0, MAX_MATCH_NAMES),
    taken: sorted.filter((node) => node.groups.length > 0).length,
    vfCapacity: sorted.length > 0 ? Math.min(...sorted.map((node) => node.vfCapacity)) : null,
  };
}

/**
 * The nodes a selector matches, found through the controllers' label index, and who holds them other
 * than `self` (namespace/name: the group being edited).
 */
export function matchNodes(
  informers: InformerSet,
  pairs: readonly { key: string; value: string }[],
  self?: string,
): NodeMatch {
  const selector = Object.fromEntries(pairs.map((pair) => [pair.key, pair.value]));
  return summarizeMatch(
    nodesMatching(informers, selector).map((node) => ({
      name: node.metadata?.name ?? '',
      vfCapacity: vfCapacityOf(node),
      groups: groupsSelecting(informers, node, self),
    })),
  );
}
