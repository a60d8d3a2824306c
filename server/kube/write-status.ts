import { isDeepStrictEqual } from 'node:util';
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { FIELD_MANAGER, objectPath } from './apply';
import type { ControllerContext } from './controller-context';
import { kubeRequestJson } from './kube-request';
import { apiVersionOf, type ResourceDescriptor } from './resource';
import { writtenOver } from './written-objects';

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
 * Sets the status subresource to exactly `status` (as stored: no null members) by server-side apply
 * under Rackpilot's field manager, unconditionally: one write.
 */
export async function applyStatus(
  kc: KubeConfig,
  resource: ResourceDescriptor,
  object: KubernetesObject,
  status: object | undefined,
): Promise<KubernetesObject> {
  const { namespace, name = '' } = object.metadata ?? {};
  return kubeRequestJson<KubernetesObject>(kc, `${objectPath(resource, namespace, name)}/status`, {
    method: 'PATCH',
    query: { fieldManager: FIELD_MANAGER, force: true },
    contentType: 'application/apply-patch+yaml',
    body: {
      apiVersion: apiVersionOf(resource),
      kind: resource.kind,
      metadata: { name, ...(namespace ? { namespace } : {}) },
      status: asStored(status),
    },
  });
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
  const { namespace, name = '' } = object.metadata ?? {};
  // The status this process last wrote, if the watch has not delivered it yet (a kind this process
  // does not cache has only the object it was given).
  const written = ctx.informers.has(resource) ? writtenOver(ctx.informers.of(resource)) : undefined;
  const known = (written?.get(name, namespace) ?? object) as { status?: S };
  if (isDeepStrictEqual(asStored(status), asStored(known.status))) return false;
  const stored = await applyStatus(ctx.kc, resource, object, status);
  written?.written(stored);
  ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'status' });
  return true;
}
