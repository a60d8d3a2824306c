import { objectKey } from '../../kube/informer';
import type { MutationCache, MutationCacheSource } from '../../kube/mutation-cache';
import { SIP_CLUSTER_NAME_LABEL, SIP_CLUSTER_NAMESPACE_LABEL } from '../../schemas/host-labels';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { belongsTo, type HostPool } from './host-pool';
import { compareStrings } from './stable-order';

/** Informer index of hosts by the SIPCluster (`namespace/name`) their labels give them to. */
export const HOSTS_BY_CLUSTER = 'sip-hosts-by-cluster';

/** The informer of hosts, with the HOSTS_BY_CLUSTER index. */
export interface IndexedHosts extends MutationCacheSource<BareMetalHost> {
  list(): BareMetalHost[];
  byIndex(name: string, value: string): BareMetalHost[];
}

/** The SIPCluster (`namespace/name`) a host's labels give it to, if any. */
export function clusterKeyOfHost(host: { metadata?: { labels?: Record<string, string> } } | undefined) {
  const labels = host?.metadata?.labels;
  const namespace = labels?.[SIP_CLUSTER_NAMESPACE_LABEL];
  const name = labels?.[SIP_CLUSTER_NAME_LABEL];
  return namespace && name ? `${namespace}/${name}` : undefined;
}

/**
 * The controller's HostPool: the hosts as this process last wrote or saw them (the MutationCache over
 * the informer), in stable order. The order is kept between plans and made again only when a host
 * comes or goes, since labels, which change all the time, do not move a host; a cluster's own hosts
 * come from the informer's index plus the hosts this process has just written.
 */
export class LiveHostPool implements HostPool {
  private keys: string[] | undefined;

  constructor(
    /** What plans read, and where the reconcile records its label writes. */
    readonly writes: MutationCache<BareMetalHost>,
    private readonly cache: IndexedHosts,
  ) {
    const reorder = () => {
      this.keys = undefined;
    };
    cache.on('add', reorder);
    cache.on('delete', reorder);
  }

  get size(): number {
    return this.orderedKeys().length;
  }

  at(index: number): BareMetalHost {
    const key = this.orderedKeys()[index];
    const host = key === undefined ? undefined : this.writes.get(key);
    if (!host) throw new RangeError(`no host at ${index} of ${this.size}`);
    return host;
  }

  labelledFor(namespace: string, name: string): BareMetalHost[] {
    const keys = new Set([
      ...this.cache.byIndex(HOSTS_BY_CLUSTER, `${namespace}/${name}`).map(objectKey),
      // Labelled or released by this process and not yet seen on the watch: the index does not know.
      ...this.writes.overlaidKeys(),
    ]);
    return [...keys].sort(compareStrings).flatMap((key) => {
      const host = this.writes.get(key);
      return host && belongsTo(host, namespace, name) ? [host] : [];
    });
  }

  private orderedKeys(): string[] {
    this.keys ??= this.cache.list().map(objectKey).sort(compareStrings);
    return this.keys;
  }
}
