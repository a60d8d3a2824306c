import type { V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';
import type { ControllerContext } from '../../kube/controller-context';

type Lookup<T> = (namespace: string | undefined, name: string) => T | undefined;

/** Cache reads both Ironic planners observe: the Secrets they reference and the workloads they own. */
export function workloadLookups(ctx: ControllerContext): {
  secret: Lookup<V1Secret>;
  deployment: Lookup<V1Deployment>;
  service: Lookup<V1Service>;
} {
  const secrets = ctx.informers.informer<V1Secret>('Secret');
  const deployments = ctx.informers.informer<V1Deployment>('Deployment');
  const services = ctx.informers.informer<V1Service>('Service');
  return {
    secret: (namespace, name) => secrets.get(name, namespace),
    deployment: (namespace, name) => deployments.get(name, namespace),
    service: (namespace, name) => services.get(name, namespace),
  };
}
