import { request as httpRequest } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';
import type { InformerSet } from '../../kube/informer-set';
import { KubeRequestError } from '../../kube/kube-request';

const MAX_NAMES = 1000;

interface MetadataList {
  items?: { metadata?: { name?: string } }[];
}

/**
 * GET with `as=PartialObjectMetadataList`: the API server answers with metadata only, so a list of
 * Secrets never carries their data (a plain LIST returns every value).
 */
function getMetadataList(
  kc: KubeConfig,
  path: string,
  query: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<MetadataList> {
  const cluster = kc.getCurrentCluster();
  if (!cluster) return Promise.reject(new KubeRequestError('kubeconfig has no current cluster', 0));
  const url = new URL(path, cluster.server);
  url.searchParams.set('limit', String(MAX_NAMES));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const options: RequestOptions = {
    method: 'GET',
    headers: { accept: 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1' },
  };
  return kc.applyToHTTPSOptions(options).then(
    () =>
      new Promise<MetadataList>((resolve, reject) => {
        const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
        const req = send(url, { ...options, timeout: timeoutMs }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => {
            reject(new KubeRequestError(error.message, 0));
          });
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              const body = JSON.parse(text) as MetadataList & { message?: string };
              if (status >= 200 && status < 300) resolve(body);
              else reject(new KubeRequestError(`${path}: ${body.message ?? `HTTP ${status}`}`, status));
            } catch {
              reject(new KubeRequestError(`${path}: HTTP ${status}`, status));
            }
          });
        });
        req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
        req.on('error', (error) => {
          reject(new KubeRequestError(`${url.host}: ${error.message}`, 0));
        });
        req.end();
      }),
  );
}

function sortedNames(names: (string | undefined)[]): string[] {
  return [...new Set(names.filter((name): name is string => Boolean(name)))]
    .sort((a, b) => a.localeCompare(b))
    .slice(0, MAX_NAMES);
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
  if (informers.all().some((informer) => informer.resource.kind === 'Secret')) {
    return sortedNames(
      informers
        .informer('Secret')
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

/** Whether a Secret exists, asked for its metadata only. */
export async function secretExists(kc: KubeConfig, namespace: string, name: string): Promise<boolean> {
  const list = await getMetadataList(kc, `/api/v1/namespaces/${encodeURIComponent(namespace)}/secrets`, {
    fieldSelector: `metadata.name=${name}`,
  }).catch((error: unknown) => {
    if (error instanceof KubeRequestError && error.status === 404) return { items: [] };
    throw error;
  });
  return (list.items?.length ?? 0) > 0;
}
