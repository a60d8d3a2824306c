import type { KubeConfig, V1CustomResourceDefinition } from '@kubernetes/client-node';
import type { AnyControllerDeclaration } from './controller-declaration';
import { resourceOfCrd } from './crd-resources';
import { InformerSet } from './informer-set';
import { indexByControllerUid } from './owned-index';
import { nodeResource, secretResource, type ResourceDescriptor } from './resource';
import { DEFAULT_SECRET_VALUE_LIMITS, secretLister, secretReader, SecretValues } from './secret-values';
import { MANAGED_BY, MANAGED_BY_LABEL } from './sync-owned-objects';
import { SetupError } from '../setup-error';

/** What the console reads beside the custom kinds: nodes, and Secret names for its pickers and checks. */
const CONSOLE_READS = [nodeResource, secretResource];

/**
 * Kinds cached by metadata only: Secret values are read by a GET of the one Secret a controller
 * needs (SecretValues), so a process never holds every credential of the cluster.
 */
const METADATA_ONLY = new Set([secretResource.kind]);

/** What the owned kinds' caches hold when owning is the only reason to cache them: our own objects. */
const OWNED_SELECTOR = `${MANAGED_BY_LABEL}=${MANAGED_BY}`;

interface Wanted {
  resource: ResourceDescriptor;
  /** Only the objects it selects are needed; undefined: the whole kind. */
  labelSelector?: string;
}

/**
 * Every kind a declaration names, once. A kind is cached whole unless every reason to cache it names
 * the same label selector: ownership (our own objects) or watches and indexes that say which objects
 * matter to them. Selectors are not merged: two different ones cache the kind whole. A declaration
 * that reads a kind no cache holds is a SetupError: its every reconcile would fail.
 */
export function informedResources(
  crds: V1CustomResourceDefinition[],
  declarations: AnyControllerDeclaration[],
): Wanted[] {
  const byKind = new Map<string, Wanted>();
  const want = (resource: ResourceDescriptor, labelSelector: string | undefined) => {
    const known = byKind.get(resource.kind);
    byKind.set(resource.kind, {
      resource: known?.resource ?? resource,
      labelSelector: !known || known.labelSelector === labelSelector ? labelSelector : undefined,
    });
  };
  for (const resource of [...CONSOLE_READS, ...crds.map(resourceOfCrd)]) want(resource, undefined);
  for (const declaration of declarations) {
    want(declaration.reconciles, undefined);
    for (const watch of declaration.watches) want(watch.resource, watch.labelSelector);
    for (const index of declaration.indexes ?? []) want(index.resource, index.labelSelector);
    for (const resource of declaration.owns) want(resource, OWNED_SELECTOR);
  }
  for (const declaration of declarations) {
    const uncached = (declaration.reads ?? []).filter((resource) => !byKind.has(resource.kind));
    if (uncached.length > 0) {
      throw new SetupError(
        `controller ${declaration.name} reads ${uncached.map((r) => r.kind).join(', ')}, which no cache holds: watch it, or cache it for the console`,
      );
    }
  }
  return [...byKind.values()];
}

/**
 * The caches one server process keeps, built from the controllers' declarations (all of them, also
 * disabled ones: the console shows their kinds either way) and what the console reads. Owned kinds
 * are indexed by controller uid for pruning; declared indexes are added.
 */
export function runtimeInformers(
  kc: KubeConfig,
  crds: V1CustomResourceDefinition[],
  declarations: AnyControllerDeclaration[],
  log: (line: string) => void,
): InformerSet {
  const informers = new InformerSet(
    kc,
    informedResources(crds, declarations).map(({ resource, labelSelector }) => ({
      resource,
      options: {
        ...(labelSelector === undefined ? {} : { labelSelector }),
        metadataOnly: METADATA_ONLY.has(resource.kind),
      },
    })),
    { log, resyncMs: 10 * 60_000 },
  );
  for (const declaration of declarations) {
    for (const resource of declaration.owns) indexByControllerUid(informers.of(resource));
    for (const index of declaration.indexes ?? []) {
      informers.of(index.resource).addIndex(index.name, index.values);
    }
  }
  return informers;
}

/** Secret values read through the informers' metadata-only Secret cache. */
export function secretValuesOf(kc: KubeConfig, informers: InformerSet): SecretValues {
  const metadata = informers.of(secretResource);
  return new SecretValues(
    secretReader(kc),
    (namespace, name) => metadata.get(name, namespace),
    DEFAULT_SECRET_VALUE_LIMITS,
    {
      list: secretLister(kc),
      count: (namespace) =>
        metadata.list().filter((secret) => secret.metadata?.namespace === namespace).length,
    },
  );
}
