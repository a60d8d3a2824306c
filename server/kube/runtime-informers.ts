import type { KubeConfig, V1CustomResourceDefinition } from '@kubernetes/client-node';
import { resourceOfCrd } from './crd-resources';
import { InformerSet } from './informer-set';
import { nodeResource, secretResource } from './resource';
import { MANAGED_BY, MANAGED_BY_LABEL, ownedResources } from './sync-owned-objects';

/**
 * The caches one server process keeps: nodes, every custom kind, Secrets (controllers read networkData,
 * BMC and key Secrets; the console never sends their data), and the objects Rackpilot owns, selected
 * by its managed-by label.
 */
export function runtimeInformers(
  kc: KubeConfig,
  crds: V1CustomResourceDefinition[],
  log: (line: string) => void,
): InformerSet {
  const owned = { labelSelector: `${MANAGED_BY_LABEL}=${MANAGED_BY}` };
  return new InformerSet(
    kc,
    [
      nodeResource,
      secretResource,
      ...ownedResources.filter((r) => r !== secretResource).map((resource) => ({ resource, options: owned })),
      ...crds.map(resourceOfCrd),
    ],
    { log, resyncMs: 10 * 60_000 },
  );
}
