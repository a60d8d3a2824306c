import type { V1Secret } from '@kubernetes/client-node';

export type { SecretLookup, SecretPending } from '../../kube/secret-values';

/**
 * The UTF-8 text under `key` of a Secret as the API serves it (`data` is base64). Undefined when the
 * key is absent. A Secret read from the API server never carries stringData, so it is not consulted.
 */
export function secretText(secret: V1Secret, key: string): string | undefined {
  const encoded = secret.data?.[key];
  if (encoded === undefined) return undefined;
  return Buffer.from(encoded, 'base64').toString('utf8');
}
