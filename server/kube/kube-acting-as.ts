import { KubeConfig } from '@kubernetes/client-node';
import { credentialSource, impersonationHeaders, registerActing, type KubeIdentity } from './impersonation';

/**
 * A KubeConfig for the same cluster and credentials as `kc` whose every request (through kube-request.ts)
 * carries impersonation headers for `identity`. The derived config shares `kc`'s connections and
 * credential cache; it holds nothing of its own once the caller drops it.
 */
export function kubeActingAs(kc: KubeConfig, identity: KubeIdentity): KubeConfig {
  const headers = impersonationHeaders(identity);
  const { base } = credentialSource(kc);
  const derived = new KubeConfig();
  derived.loadFromOptions({
    clusters: base.clusters,
    users: base.users,
    contexts: base.contexts,
    currentContext: base.currentContext,
  });
  registerActing(derived, base, headers);
  return derived;
}
