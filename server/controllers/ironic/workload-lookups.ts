import type { V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';
import type { ControllerContext } from '../../kube/controller-context';
import type { SecretLookup } from '../../kube/secret-values';
import { deploymentResource, serviceResource } from '../../kube/resource';

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
  const deployments = ctx.informers.of(deploymentResource);
  const services = ctx.informers.of(serviceResource);
  return {
    secret: (namespace, name) => secret(namespace ?? '', name),
    deployment: (namespace, name) => deployments.get(name, namespace),
    service: (namespace, name) => services.get(name, namespace),
  };
}
