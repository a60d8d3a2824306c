import type { KubeConfig } from '@kubernetes/client-node';
import type { NamespaceScope } from '../access/namespace-scope';
import { itemsInScope } from '../access/scope-filters';
import type { InformerSet } from '../kube/informer-set';
import { KubeRequestError, kubeRequestJson } from '../kube/kube-request';
import { secretResource } from '../kube/resource';

const MAX_NAMES = 1000;

interface MetadataList {
  items?: { metadata?: { name?: string; labels?: Record<string, string> } }[];
}

/**
 * A list with `as=PartialObjectMetadataList`: the API server answers with metadata only, so a list of
 * Secrets never carries their data (a plain LIST returns every value).
 */
function getMetadataList(
  kc: KubeConfig,
  path: string,
  query: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<MetadataList> {
  return kubeRequestJson<MetadataList>(kc, path, {
    query: { limit: MAX_NAMES, ...query },
    accept: 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1',
    timeoutMs,
  });
}

function sortedNames(names: (string | undefined)[]): string[] {
  return [...new Set(names.filter((name): name is string => Boolean(name)))]
    .sort((a, b) => a.localeCompare(b))
    .slice(0, MAX_NAMES);
}

/** The server's cache of Secret metadata, when a controller that needs one runs. */
function secretCache(informers: InformerSet) {
  return informers.has(secretResource) ? informers.of(secretResource) : undefined;
}

/**
 * Names of the Secrets in a namespace, never their data: from the server's Secret cache when it
 * has one, otherwise a metadata-only list from the API server.
 */
export async function secretNames(
  kc: KubeConfig,
  informers: InformerSet,
  namespace: string,
): Promise<string[]> {
  const cache = secretCache(informers);
  if (cache) {
    return sortedNames(
      cache
        .list()
        .filter((secret) => secret.metadata?.namespace === namespace)
        .map((secret) => secret.metadata?.name),
    );
  }
  try {
    const list = await getMetadataList(kc, `/api/v1/namespaces/${encodeURIComponent(namespace)}/secrets`);
    return sortedNames((list.items ?? []).map((item) => item.metadata?.name));
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 404) return [];
    throw error;
  }
}

export async function namespaceNames(kc: KubeConfig): Promise<string[]> {
  const list = await getMetadataList(kc, '/api/v1/namespaces');
  return sortedNames((list.items ?? []).map((item) => item.metadata?.name));
}

/** Every namespace's labels (up to the list limit), for scopes that select namespaces by label. */
export async function namespaceLabels(kc: KubeConfig): Promise<Map<string, Record<string, string>>> {
  const list = await getMetadataList(kc, '/api/v1/namespaces');
  const entries = (list.items ?? []).flatMap(({ metadata }) =>
    metadata?.name ? [[metadata.name, metadata.labels ?? {}] as const] : [],
  );
  return new Map(entries);
}

/**
 * Whether a Secret exists. A Secret in the server's cache needs no request; one it does not hold (it may
 * have been created a moment ago) is asked of the API server, for its metadata only, before the form is
 * told it is missing.
 */
export async function secretExists(
  kc: KubeConfig,
  informers: InformerSet,
  namespace: string,
  name: string,
): Promise<boolean> {
  if (secretCache(informers)?.get(name, namespace)) return true;
  const list = await getMetadataList(kc, `/api/v1/namespaces/${encodeURIComponent(namespace)}/secrets`, {
    fieldSelector: `metadata.name=${name}`,
  }).catch((error: unknown) => {
    if (error instanceof KubeRequestError && error.status === 404) return { items: [] };
    throw error;
  });
  return (list.items?.length ?? 0) > 0;
}

/** The namespaces that exist, of the caller's when bound to some: what every create form offers. */
export async function namespacesOfCaller(kc: KubeConfig, scope: NamespaceScope): Promise<string[]> {
  return itemsInScope(scope, await namespaceNames(kc), (name) => name);
}
