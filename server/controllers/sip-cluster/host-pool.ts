import { claimOf } from '../../schemas/host-free';
import { SIP_CLUSTER_NAME_LABEL, SIP_CLUSTER_NAMESPACE_LABEL } from '../../schemas/host-labels';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { sortedHosts } from './stable-order';

/**
 * The hosts a SIPCluster plan chooses from. A plan reads this cluster's own hosts and walks the rest in
 * stable order only until it has enough, so at 5,000 hosts a plan costs what it chooses, not a pass
 * over the fleet (the controller keeps a live pool; see live-host-pool.ts).
 */
export interface HostPool {
  /** How many hosts there are. */
  readonly size: number;
  /** The host at `index` (0 ≤ index < size) in stable (namespace/name) order. */
  at(index: number): BareMetalHost;
  /** The hosts labelled for this cluster (both cluster labels match), in stable order. */
  labelledFor(namespace: string, name: string): BareMetalHost[];
}

/** Labelled for this cluster: both the namespace and the name label match. */
export function belongsTo(host: BareMetalHost, namespace: string, name: string): boolean {
  const labels = host.metadata.labels;
  return labels?.[SIP_CLUSTER_NAMESPACE_LABEL] === namespace && labels[SIP_CLUSTER_NAME_LABEL] === name;
}

/**
 * Unclaimed: no cluster-name label and no consumer (claimOf in host-free.ts). Such a host is a
 * candidate; the scheduler takes it only when it is also available, that is free.
 */
export function isUnclaimed(host: BareMetalHost): boolean {
  return claimOf(host) === undefined;
}

/** A pool over hosts listed in any order: the console's preview, the tests and the benchmark's floor. */
export function hostPoolOf(hosts: readonly BareMetalHost[]): HostPool {
  const sorted = sortedHosts(hosts);
  return {
    size: sorted.length,
    at: (index) => {
      const host = sorted[index];
      if (!host) throw new RangeError(`no host at ${index} of ${sorted.length}`);
      return host;
    },
    labelledFor: (namespace, name) => sorted.filter((host) => belongsTo(host, namespace, name)),
  };
}
