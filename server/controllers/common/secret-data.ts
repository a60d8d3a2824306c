import type { V1Secret } from '@kubernetes/client-node';

/** Finds a Secret in the informer cache; undefined when it does not exist (or is not cached yet). */
export type SecretLookup = (namespace: string, name: string) => V1Secret | undefined;

/**
 * The UTF-8 text under `key` of a Secret as the API serves it (`data` is base64). Undefined when the
 * key is absent. Secrets from the cache never carry stringData, so it is not consulted.
 */
export function secretText(secret: V1Secret, key: string): string | undefined {
  const encoded = secret.data?.[key];
  if (encoded === undefined) return undefined;
  return Buffer.from(encoded, 'base64').toString('utf8');
}
