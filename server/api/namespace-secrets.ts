import type { KubeConfig, V1Secret } from '@kubernetes/client-node';
import { kubeRequestJson } from '../kube/kube-request';
import { collectionPath, secretResource } from '../kube/resource';

/** What a form's Secret picker may know of a Secret: never a value. */
export interface SecretSummary {
  name: string;
  type: string;
  keys: string[];
}

/** A picker lists at most this many Secrets of a namespace. */
const MAX_SECRETS = 500;

/**
 * A namespace's Secrets for a form, read from the API server when the form asks: the Secret cache
 * holds metadata only, which has neither the type nor the key names. The values come over the wire
 * with the list (there is no way to ask for keys only) and are dropped here, never held or sent on.
 */
export async function namespaceSecrets(kc: KubeConfig, namespace: string): Promise<SecretSummary[]> {
  const list = await kubeRequestJson<{ items?: V1Secret[] }>(kc, collectionPath(secretResource, namespace), {
    query: { limit: MAX_SECRETS },
    maxBytes: 32 * 1024 * 1024,
  });
  return (list.items ?? [])
    .map((secret) => ({
      name: secret.metadata?.name ?? '',
      type: secret.type ?? 'Opaque',
      keys: Object.keys(secret.data ?? {}),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
