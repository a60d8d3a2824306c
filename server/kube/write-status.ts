import { isDeepStrictEqual } from 'node:util';
import type { KubernetesObject } from '@kubernetes/client-node';
import { FIELD_MANAGER, objectPath } from './apply';
import type { ControllerContext } from './controller-context';
import { kubeRequestJson } from './kube-request';
import { apiVersionOf, type ResourceDescriptor } from './resource';

/**
 * The status as it will be stored: undefined and null members dropped. A planner may say "absent" with
 * null, as merge patches do; server-side apply says it by leaving the field out.
 */
function asStored(status: object | undefined): object {
  if (status === undefined) return {};
  return JSON.parse(
    JSON.stringify(status, (_key, value: unknown) => (value === null ? undefined : value)),
  ) as object;
}

/**
 * Makes the status subresource exactly `status`, by server-side apply under Rackpilot's field
 * manager: a field the planner leaves out is removed (a stale error message, a released host), which
 * a merge patch cannot do. Writes nothing when the stored status already equals it; true when it wrote.
 */
export async function writeStatus<S extends object>(
  ctx: ControllerContext,
  resource: ResourceDescriptor,
  object: KubernetesObject & { status?: S },
  status: S | undefined,
): Promise<boolean> {
  const desired = asStored(status);
  if (isDeepStrictEqual(desired, asStored(object.status))) return false;
  const { namespace, name = '' } = object.metadata ?? {};
  await kubeRequestJson(ctx.kc, `${objectPath(resource, namespace, name)}/status`, {
    method: 'PATCH',
    query: { fieldManager: FIELD_MANAGER, force: true },
    contentType: 'application/apply-patch+yaml',
    body: {
      apiVersion: apiVersionOf(resource),
      kind: resource.kind,
      metadata: { name, ...(namespace ? { namespace } : {}) },
      status: desired,
    },
  });
  ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'status' });
  return true;
}
