import type { KubernetesObject } from '@kubernetes/client-node';
import { mergePatch } from '../../kube/apply';
import type { ControllerContext } from '../../kube/controller-context';
import { isSubset } from '../../kube/object-subset';
import type { ResourceDescriptor } from '../../kube/resource';

/** Patches the status subresource, only when the planned status differs from what the object has. */
export async function writeStatusIfChanged<S extends object>(
  ctx: ControllerContext,
  resource: ResourceDescriptor,
  object: KubernetesObject & { status?: S },
  status: S | undefined,
): Promise<void> {
  if (isSubset(status, object.status ?? {})) return;
  await mergePatch(
    ctx.kc,
    resource,
    object.metadata?.namespace,
    object.metadata?.name ?? '',
    { status },
    'status',
  );
  ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'status' });
}
