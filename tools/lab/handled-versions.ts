import type { BareMetalHost } from '../../server/types/crds/bare-metal-host';

export function hostKey(host: BareMetalHost): string {
  return `${host.metadata.namespace ?? ''}/${host.metadata.name ?? ''}`;
}

/**
 * Versions of each host the simulated operator has already acted on or written: a list that was under
 * way while a step finished may still show one of them, and acting on it again would, say, restart
 * twice.
 */
export class HandledVersions {
  private readonly versions = new Map<string, Set<string>>();

  remember(host: BareMetalHost): BareMetalHost {
    const key = hostKey(host);
    const versions = this.versions.get(key) ?? new Set<string>();
    versions.add(host.metadata.resourceVersion ?? '');
    this.versions.set(key, versions);
    return host;
  }

  /** Whether a listed host is a version not handled yet; the older versions are then forgotten. */
  isNew(host: BareMetalHost): boolean {
    const key = hostKey(host);
    if (this.versions.get(key)?.has(host.metadata.resourceVersion ?? '')) return false;
    this.versions.delete(key);
    return true;
  }
}
