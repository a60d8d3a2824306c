// Types only from the client library: kube-request.ts, and through it the informers, leader election and
// the server's config, import this file, and a process that never builds a KubeConfig (a boot service
// on its own) need not load the library. kube-acting-as.ts builds the derived configs.
import type { KubeConfig } from '@kubernetes/client-node';

/** Who the API server is asked to treat a request as (Kubernetes user impersonation). */
export interface KubeIdentity {
  user: string;
  groups: readonly string[];
  /** Sent only when known; RBAC ignores it, the audit log records it. */
  uid?: string | undefined;
}

export class ImpersonationError extends Error {
  override name = 'ImpersonationError';
}

/**
 * What Node can send in a header value (it throws on anything else, mid-request): printable ASCII and
 * Latin-1. Kubernetes takes User, Group and Uid verbatim, with no escaping, so a name outside this
 * cannot be impersonated at all and is refused before anything is sent.
 */
const HEADER_SAFE = /^[\x20-\x7e\x80-\xff]+$/;
const MAX_VALUE_LENGTH = 1024;
const MAX_GROUPS = 64;

function checked(what: string, value: string): string {
  if (!HEADER_SAFE.test(value) || value.length > MAX_VALUE_LENGTH || value !== value.trim())
    throw new ImpersonationError(
      `cannot act as ${JSON.stringify(value)}: the ${what} is not a valid header value`,
    );
  return value;
}

/**
 * The headers that make the API server authorize and audit a request as `identity`. Groups are one header
 * line each (the API server reads every `Impersonate-Group` line); none when the user has none, and the
 * API server then adds only `system:authenticated`.
 */
export function impersonationHeaders(identity: KubeIdentity): Record<string, string | string[]> {
  if (identity.groups.length > MAX_GROUPS)
    throw new ImpersonationError(`cannot act as ${identity.user}: more than ${MAX_GROUPS} groups`);
  const headers: Record<string, string | string[]> = {
    'impersonate-user': checked('user name', identity.user),
  };
  const groups = [...new Set(identity.groups)].map((group) => checked('group', group));
  if (groups.length > 0) headers['impersonate-group'] = groups;
  if (identity.uid !== undefined) headers['impersonate-uid'] = checked('uid', identity.uid);
  return headers;
}

/** Derived configs: the one whose credentials they use, and the headers they add. */
const acting = new WeakMap<KubeConfig, { base: KubeConfig; headers: Record<string, string | string[]> }>();

/** Records that requests with `derived` use `base`'s credentials and add `headers` (kube-acting-as.ts). */
export function registerActing(
  derived: KubeConfig,
  base: KubeConfig,
  headers: Record<string, string | string[]>,
): void {
  acting.set(derived, { base, headers });
}

/** The config whose credentials a request with `kc` uses, and the impersonation headers it adds (if any). */
export function credentialSource(kc: KubeConfig): {
  base: KubeConfig;
  headers?: Record<string, string | string[]>;
} {
  return acting.get(kc) ?? { base: kc };
}
