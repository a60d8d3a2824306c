import { isDeepStrictEqual } from 'node:util';
import type { KubernetesObject } from '@kubernetes/client-node';
import { FIELD_MANAGER, objectPath } from './apply';
import type { ControllerContext } from './controller-context';
import { kubeRequestJson } from './kube-request';
import { apiVersionOf, type ResourceDescriptor } from './resource';

/** The status as it will be stored: undefined members dropped, as JSON drops them. */
function asStored(status: object | undefined): unknown {
  return status === undefined ? {} : JSON.parse(JSON.stringify(status));
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
  if (isDeepStrictEqual(asStored(status), asStored(object.status))) return false;
  const { namespace, name = '' } = object.metadata ?? {};
  await kubeRequestJson(ctx.kc, `${objectPath(resource, namespace, name)}/status`, {
    method: 'PATCH',
    query: { fieldManager: FIELD_MANAGER, force: true },
    contentType: 'application/apply-patch+yaml',
    body: {
      apiVersion: apiVersionOf(resource),
      kind: resource.kind,
      metadata: { name, ...(namespace ? { namespace } : {}) },
      status: status ?? {},
    },
  });
  ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'status' });
  return true;
}
