import { createHash } from 'node:crypto';
import type { KubeConfig, KubernetesObject, V1Secret } from '@kubernetes/client-node';
import type { ControllerContext } from './controller-context';
import { applyObject, deleteObject } from './apply';
import { isSubset } from './object-subset';
import { CONTROLLER_UID_INDEX } from './owned-index';
import { writtenOver } from './written-objects';
import type { ResourceDescriptor } from './resource';

/** Every object a Rackpilot controller creates carries this label; informers for them select on it. */
export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
export const MANAGED_BY = 'rackpilot';

/** Configuration and identities go out before what uses them; every other kind after. */
const FIRST_STAGE = new Set([
  'Secret',
  'ConfigMap',
  'ServiceAccount',
  'Role',
  'RoleBinding',
  'ClusterRole',
  'ClusterRoleBinding',
]);

function stageOf(object: KubernetesObject): number {
  return FIRST_STAGE.has(object.kind ?? '') ? 0 : 1;
}

/**
 * On Secrets a controller writes: a hash of their type and data. The Secret cache holds metadata
 * only, so this annotation is what tells an unchanged Secret from one to write again.
 */
export const SECRET_DATA_HASH_ANNOTATION = 'rackpilot.io/data-hash';

/**
 * An owned object as Rackpilot applies it: with the managed-by label; a Secret's stringData becomes
 * base64 data (as the API server stores it) and, when it has data, the data hash annotation.
 */
export function normaliseOwned(object: KubernetesObject): KubernetesObject {
  const labels = { ...object.metadata?.labels, [MANAGED_BY_LABEL]: MANAGED_BY };
  // Object.assign, not spread: the metadata type is a client-node class (plain data in practice).
  const withLabels = { ...object, metadata: Object.assign({}, object.metadata, { labels }) };
  const secret = withLabels as V1Secret;
  if (object.kind !== 'Secret' || (!secret.data && !secret.stringData)) return withLabels;
  const data: Record<string, string> = { ...secret.data };
  for (const [key, value] of Object.entries(secret.stringData ?? {}))
    data[key] = Buffer.from(value).toString('base64');
  const { stringData: _, ...rest } = secret;
  const hash = createHash('sha256')
    .update(
      JSON.stringify([secret.type ?? 'Opaque', Object.entries(data).sort(([a], [b]) => a.localeCompare(b))]),
    )
    .digest('hex');
  const annotations = { ...rest.metadata?.annotations, [SECRET_DATA_HASH_ANNOTATION]: hash };
  return { ...rest, data, metadata: Object.assign({}, rest.metadata, { annotations }) } as KubernetesObject;
}

/** What the cache holds of an object to compare with: of a Secret, metadata only (its hash stands for the rest). */
function cachedForm(object: KubernetesObject): KubernetesObject {
  if (object.kind !== 'Secret') return object;
  const { data: _data, type: _type, ...metadataOnly } = object as V1Secret;
  return metadataOnly;
}

/** The declared owned resource of an object's kind; an object of any other kind is a programming error. */
function ownedResourceOf(resources: ResourceDescriptor[], object: KubernetesObject): ResourceDescriptor {
  const resource = resources.find((r) => r.kind === object.kind);
  if (!resource) throw new Error(`not declared as owned: objects of kind ${object.kind ?? '?'}`);
  return resource;
}

/**
 * Applies objects configuration first (Secrets, ConfigMaps, identities), then what uses it; within
 * each stage the writes go out together. `applied` is told of each write and what it stored.
 */
export async function applyInDependencyOrder(
  kc: KubeConfig,
  resources: ResourceDescriptor[],
  objects: KubernetesObject[],
  applied: (object: KubernetesObject, stored: KubernetesObject) => void = () => undefined,
): Promise<void> {
  for (const stage of [0, 1]) {
    await Promise.all(
      objects
        .filter((object) => stageOf(object) === stage)
        .map(async (object) => {
          applied(object, await applyObject(kc, ownedResourceOf(resources, object), object));
        }),
    );
  }
}

export interface OwnedObjectsResult {
  applied: string[];
  deleted: string[];
}

/**
 * Makes the objects `owner` controls match `desired`: applies only objects whose desired fields
 * differ from the cache (so an unchanged owner costs no write), and deletes, among the kinds the
 * controller declares it owns, objects whose controller ownerReference is this owner's uid and
 * that are no longer desired. An object that merely looks like the owner's (same labels, another
 * owner) is never touched.
 */
export async function syncOwnedObjects(
  ctx: ControllerContext,
  owner: KubernetesObject,
  desired: KubernetesObject[],
  /** False keeps owned objects that are not desired (their owner could not render them this time). */
  prune = true,
): Promise<OwnedObjectsResult> {
  const { name: controller, owns } = ctx.controller;
  const namespace = owner.metadata?.namespace;
  const result: OwnedObjectsResult = { applied: [], deleted: [] };
  const wanted = new Set<string>();
  const changed: KubernetesObject[] = [];
  for (const raw of desired) {
    const object = normaliseOwned(raw);
    const name = object.metadata?.name ?? '';
    wanted.add(`${object.kind ?? ''}/${name}`);
    const cached = writtenOver(ctx.informers.of(ownedResourceOf(owns, object))).get(
      name,
      object.metadata?.namespace,
    );
    if (!cached || !isSubset(cachedForm(object), cached)) changed.push(object);
  }
  await applyInDependencyOrder(ctx.kc, owns, changed, (object, stored) => {
    writtenOver(ctx.informers.of(ownedResourceOf(owns, object))).written(stored);
    ctx.metrics.writes.inc({ controller, verb: 'apply' });
    result.applied.push(`${object.kind ?? ''}/${object.metadata?.name ?? ''}`);
  });
  const uid = owner.metadata?.uid;
  if (!prune || !uid) return result;
  for (const resource of owns) {
    for (const object of ctx.informers.of(resource).byIndex(CONTROLLER_UID_INDEX, uid)) {
      const meta = object.metadata;
      if (wanted.has(`${resource.kind}/${meta?.name ?? ''}`)) continue;
      await deleteObject(ctx.kc, resource, meta?.namespace ?? namespace, meta?.name ?? '');
      ctx.metrics.writes.inc({ controller, verb: 'delete' });
      result.deleted.push(`${resource.kind}/${meta?.name ?? ''}`);
    }
  }
  return result;
}
