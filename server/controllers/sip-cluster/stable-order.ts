import type { BareMetalHost } from '../../types/crds/bare-metal-host';

/**
 * Everything the planner emits is sorted with these helpers, so the same cluster state always gives
 * byte-identical output whatever order the informer cache listed objects in.
 */

/** Code-unit order, independent of the process locale (localeCompare is not). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const hostKeys = new WeakMap<BareMetalHost, string>();

/**
 * `namespace/name`, the identity of a host across namespaces. Remembered per object: cached hosts are
 * shared by every plan, and each plan asks for thousands of keys.
 */
export function hostKey(host: BareMetalHost): string {
  let key = hostKeys.get(host);
  if (key === undefined) {
    key = `${host.metadata.namespace ?? ''}/${host.metadata.name ?? ''}`;
    hostKeys.set(host, key);
  }
  return key;
}

/** Each key is built once, not once per comparison: a plan sorts thousands of hosts. */
export function sortedHosts(hosts: readonly BareMetalHost[]): BareMetalHost[] {
  return hosts
    .map((host) => ({ host, key: hostKey(host) }))
    .sort((a, b) => compareStrings(a.key, b.key))
    .map((entry) => entry.host);
}
