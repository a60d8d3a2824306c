import { secretReader } from '../kube/secret-values';
import type { Runtime } from '../runtime';
import { secretResource } from '../kube/resource';

/** A picker lists at most this many Secrets of a namespace. */
const MAX_SECRETS = 500;
const BY_NAMESPACE = 'namespace';

/** What a form may know of the one Secret chosen in its picker: never a value. */
export interface ChosenSecret {
  name: string;
  type: string;
  keys: string[];
}

export interface SecretPicker {
  /** The namespace's Secret names, sorted. */
  names: string[];
  /** The chosen Secret's type and key names, when the namespace holds it. */
  chosen?: ChosenSecret;
}

/**
 * A namespace's Secrets for a form's picker. The names come from the Secret cache, which holds
 * metadata only: a list from the API server carries every value of the namespace, on every call of
 * any viewer. Type and key names are not metadata, so they are read for the one Secret the form has
 * chosen, one bounded GET of a Secret the cache holds, and its values are dropped here.
 */
export async function secretPicker(
  runtime: Runtime,
  namespace: string,
  chosen: string | undefined,
): Promise<SecretPicker> {
  const cache = runtime.informers.of(secretResource);
  cache.addIndex(BY_NAMESPACE, (secret) => [secret.metadata?.namespace ?? '']);
  const names = cache
    .byIndex(BY_NAMESPACE, namespace)
    .map((secret) => secret.metadata?.name ?? '')
    .sort((a, b) => a.localeCompare(b))
    .slice(0, MAX_SECRETS);
  const held = chosen ? cache.get(chosen, namespace) : undefined;
  if (!chosen || !held) return { names };
  const secret = await secretReader(runtime.kc)(namespace, chosen, held.metadata?.resourceVersion);
  if (!secret) return { names };
  return {
    names,
    chosen: { name: chosen, type: secret.type ?? 'Opaque', keys: Object.keys(secret.data ?? {}) },
  };
}
