import {
  SIP_CLUSTER_NAME_LABEL,
  SIP_CLUSTER_NAMESPACE_LABEL,
  SIP_NODE_TYPE_LABEL,
} from '../../schemas/host-labels';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { SIPCluster } from '../../types/crds/sip-cluster';
import { SIP_ROLES } from './sip-names';

/** Everything of a host but its labels and version that a plan of its cluster may read. */
function beyondLabels(host: BareMetalHost): string {
  const { annotations, deletionTimestamp, finalizers } = host.metadata;
  return JSON.stringify([
    host.spec,
    host.status ?? null,
    annotations ?? null,
    deletionTimestamp ?? null,
    finalizers ?? null,
  ]);
}

/** The label keys whose values differ between two label sets (added and removed ones included). */
export function changedLabelKeys(
  now: Readonly<Record<string, string>> | undefined,
  before: Readonly<Record<string, string>> | undefined,
): string[] {
  const keys = new Set([...Object.keys(now ?? {}), ...Object.keys(before ?? {})]);
  return [...keys].filter((key) => now?.[key] !== before?.[key]);
}

/**
 * Whether a change of a host that `cluster` holds, before and after (SIP's labels name it both times),
 * can change that cluster's plan. A held host is kept by its role label and, when a role spreads by a
 * topology label, by that label's value (schedule-hosts.ts): its other labels, the selectors' included,
 * are not read again once it is held. So a change of those labels only (an operator's flavor, a note)
 * re-plans nothing; a change of anything else, or of a label the plan reads, re-plans the cluster as
 * before. Every update of a held host used to re-plan its cluster, each plan walking the fleet.
 */
export function heldHostChangeConcerns(
  host: BareMetalHost,
  previous: BareMetalHost,
  cluster: SIPCluster | undefined,
): boolean {
  if (!cluster) return true;
  const changed = changedLabelKeys(host.metadata.labels, previous.metadata.labels);
  if (beyondLabels(host) !== beyondLabels(previous)) return true;
  const read = new Set([SIP_CLUSTER_NAMESPACE_LABEL, SIP_CLUSTER_NAME_LABEL, SIP_NODE_TYPE_LABEL]);
  for (const role of SIP_ROLES) {
    const topologyKey = cluster.spec.nodes?.[role]?.topologyKey;
    if (topologyKey) read.add(topologyKey);
  }
  return changed.some((key) => read.has(key));
}
