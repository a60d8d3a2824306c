import type { BareMetalHost } from '../../types/crds/bare-metal-host';

/**
 * Everything the planner emits is sorted with these helpers, so the same cluster state always gives
 * byte-identical output whatever order the informer cache listed objects in.
 */

/** Code-unit order, independent of the process locale (localeCompare is not). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `namespace/name`, the identity of a host across namespaces. */
export function hostKey(host: BareMetalHost): string {
  return `${host.metadata.namespace ?? ''}/${host.metadata.name ?? ''}`;
}

export function compareHosts(a: BareMetalHost, b: BareMetalHost): number {
  return compareStrings(hostKey(a), hostKey(b));
}

export function sortedHosts(hosts: readonly BareMetalHost[]): BareMetalHost[] {
  return [...hosts].sort(compareHosts);
}
