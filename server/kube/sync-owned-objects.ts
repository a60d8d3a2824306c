import type { KubeConfig, KubernetesObject, V1Secret } from '@kubernetes/client-node';
import type { ControllerContext } from './controller-context';
import { applyObject, deleteObject } from './apply';
import { isSubset } from './object-subset';
import {
  configMapResource,
  deploymentResource,
  secretResource,
  serviceResource,
  type ResourceDescriptor,
} from './resource';

/** Every object a Rackpilot controller creates carries this label; informers for them select on it. */
export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
export const MANAGED_BY = 'rackpilot';

export const ownedResources: ResourceDescriptor[] = [
  secretResource,
  configMapResource,
  serviceResource,
  deploymentResource,
];

const CONFIG_KINDS = new Set(['Secret', 'ConfigMap']);
const WORKLOAD_KINDS = new Set(['Service', 'Deployment']);

function resourceOf(kind: string | undefined): ResourceDescriptor {
  const resource = ownedResources.find((r) => r.kind === kind);
  if (!resource) throw new Error(`controllers may not own objects of kind ${kind ?? '?'}`);
  return resource;
}

/** The API server stores Secret stringData as base64 data; compare and apply in that form. */
function normalise(object: KubernetesObject): KubernetesObject {
  const labels = { ...object.metadata?.labels, [MANAGED_BY_LABEL]: MANAGED_BY };
  // Object.assign, not spread: the metadata type is a client-node class (plain data in practice).
  const withLabels = { ...object, metadata: Object.assign({}, object.metadata, { labels }) };
  const secret = withLabels as V1Secret;
  if (object.kind !== 'Secret' || !secret.stringData) return withLabels;
  const data: Record<string, string> = { ...secret.data };
  for (const [key, value] of Object.entries(secret.stringData))
    data[key] = Buffer.from(value).toString('base64');
  const { stringData: _, ...rest } = secret;
  return { ...rest, data } as KubernetesObject;
}

/**
 * Applies owned objects configuration first (Secrets, ConfigMaps), then what uses it (Services,
 * Deployments); within each step the writes go out together. `applied` is told of each write.
 */
export async function applyInDependencyOrder(
  kc: KubeConfig,
  objects: KubernetesObject[],
  applied: (object: KubernetesObject) => void = () => undefined,
): Promise<void> {
  for (const step of [CONFIG_KINDS, WORKLOAD_KINDS]) {
    await Promise.all(
      objects
        .filter((object) => step.has(object.kind ?? ''))
        .map(async (object) => {
          await applyObject(kc, resourceOf(object.kind), object);
          applied(object);
        }),
    );
  }
}

export interface OwnedObjectsResult {
  applied: string[];
  deleted: string[];
}

/**
 * Makes the owned objects of one owner match `desired`: applies only objects whose desired fields
 * differ from the cache (so an unchanged owner costs no write), and deletes owned objects that are
 * no longer desired. Owned objects are found by `ownerLabel` within `namespace`.
 */
export async function syncOwnedObjects(
  ctx: ControllerContext,
  controller: string,
  namespace: string,
  ownerLabel: [string, string],
  desired: KubernetesObject[],
  /** False keeps owned objects that are not desired (their owner could not render them this time). */
  prune = true,
): Promise<OwnedObjectsResult> {
  const result: OwnedObjectsResult = { applied: [], deleted: [] };
  const wanted = new Set<string>();
  const changed: KubernetesObject[] = [];
  for (const raw of desired) {
    const object = normalise(raw);
    const resource = resourceOf(object.kind);
    const name = object.metadata?.name ?? '';
    wanted.add(`${object.kind ?? ''}/${name}`);
    const cached = ctx.informers.informer(resource.kind).get(name, namespace);
    if (!cached || !isSubset(object, cached)) changed.push(object);
  }
  await applyInDependencyOrder(ctx.kc, changed, (object) => {
    ctx.metrics.writes.inc({ controller, verb: 'apply' });
    result.applied.push(`${object.kind ?? ''}/${object.metadata?.name ?? ''}`);
  });
  const [labelKey, labelValue] = ownerLabel;
  if (!prune) return result;
  for (const resource of ownedResources) {
    for (const object of ctx.informers.informer(resource.kind).list()) {
      const meta = object.metadata;
      if (meta?.namespace !== namespace || meta.labels?.[labelKey] !== labelValue) continue;
      if (wanted.has(`${resource.kind}/${meta.name ?? ''}`)) continue;
      await deleteObject(ctx.kc, resource, namespace, meta.name ?? '');
      ctx.metrics.writes.inc({ controller, verb: 'delete' });
      result.deleted.push(`${resource.kind}/${meta.name ?? ''}`);
    }
  }
  return result;
}
