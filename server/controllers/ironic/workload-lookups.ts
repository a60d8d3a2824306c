import type { V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';
import type { ControllerContext } from '../../kube/controller-context';
import type { SecretLookup } from '../../kube/secret-values';

type Lookup<T> = (namespace: string | undefined, name: string) => T | undefined;

/**
 * Reads both Ironic planners observe: the Secrets they reference (fetched ahead, see planWithSecrets)
 * and, from the caches, the workloads they own.
 */
export function workloadLookups(
  ctx: ControllerContext,
  secret: SecretLookup,
): {
  secret: Lookup<V1Secret>;
  deployment: Lookup<V1Deployment>;
  service: Lookup<V1Service>;
} {
  const deployments = ctx.informers.informer<V1Deployment>('Deployment');
  const services = ctx.informers.informer<V1Service>('Service');
  return {
    secret: (namespace, name) => secret(namespace ?? '', name),
    deployment: (namespace, name) => deployments.get(name, namespace),
    service: (namespace, name) => services.get(name, namespace),
  };
}
