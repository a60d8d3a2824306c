import { KubeConfig } from '@kubernetes/client-node';

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

/**
 * A KubeConfig for the same cluster and credentials as `kc` whose every request (through kube-request.ts)
 * carries impersonation headers for `identity`. The derived config shares `kc`'s connections and
 * credential cache; it holds nothing of its own once the caller drops it.
 */
export function kubeActingAs(kc: KubeConfig, identity: KubeIdentity): KubeConfig {
  const headers = impersonationHeaders(identity);
  const base = acting.get(kc)?.base ?? kc;
  const derived = new KubeConfig();
  derived.loadFromOptions({
    clusters: base.clusters,
    users: base.users,
    contexts: base.contexts,
    currentContext: base.currentContext,
  });
  acting.set(derived, { base, headers });
  return derived;
}

/** The config whose credentials a request with `kc` uses, and the impersonation headers it adds (if any). */
export function credentialSource(kc: KubeConfig): {
  base: KubeConfig;
  headers?: Record<string, string | string[]>;
} {
  return acting.get(kc) ?? { base: kc };
}
