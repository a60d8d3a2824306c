/**
 * The I/O both Ironic kinds share: their finalizer, the credentials Secret they generate once and
 * link from their spec, and clean-up on deletion.
 */
import type { V1Secret } from '@kubernetes/client-node';
import { deleteObject, isConflict, isNotFound, mergePatch } from '../../kube/apply';
import type { ReconcileResult } from '../../kube/controller';
import type { ControllerContext } from '../../kube/controller-context';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import { collectionPath, secretResource, type ResourceDescriptor } from '../../kube/resource';
import { syncOwnedObjects } from '../../kube/sync-owned-objects';
import type { Ironic } from '../../types/crds/ironic';
import type { IronicDatabase } from '../../types/crds/ironic-database';
import { readyCondition } from '../common/ready-condition';
import { writeStatusIfChanged } from '../common/write-status';
import { IRONIC_FINALIZER, IRONIC_READY_REASONS, isControlledBy } from './ironic-names';

type Owner = Ironic | IronicDatabase;

/** A name the controller wants for a generated Secret is held by a Secret that is not its own. */
class SecretNameTaken extends Error {}

async function setFinalizers<T extends Owner>(
  ctx: ControllerContext,
  resource: ResourceDescriptor,
  owner: T,
  finalizers: string[],
): Promise<T> {
  const { namespace, name = '', resourceVersion } = owner.metadata;
  return mergePatch<T>(ctx.kc, resource, namespace, name, { metadata: { resourceVersion, finalizers } });
}

/** The owner with our finalizer, as the write returned it; undefined when it moved on (409). */
export async function withFinalizer<T extends Owner>(
  ctx: ControllerContext,
  controller: string,
  resource: ResourceDescriptor,
  owner: T,
): Promise<T | undefined> {
  const finalizers = owner.metadata.finalizers ?? [];
  if (finalizers.includes(IRONIC_FINALIZER)) return owner;
  try {
    const updated = await setFinalizers(ctx, resource, owner, [...finalizers, IRONIC_FINALIZER]);
    ctx.metrics.writes.inc({ controller, verb: 'finalizer' });
    return updated;
  } catch (error) {
    if (isConflict(error)) return undefined;
    throw error;
  }
}

/**
 * Deletion: the owned objects and the generated Secrets go now (their ownerReferences would take
 * them too, but later and only with a garbage collector running), then the finalizer.
 */
export async function finalize(
  ctx: ControllerContext,
  controller: string,
  resource: ResourceDescriptor,
  owner: Owner,
  ownerLabel: string,
): Promise<ReconcileResult | undefined> {
  const finalizers = owner.metadata.finalizers ?? [];
  if (!finalizers.includes(IRONIC_FINALIZER)) return undefined;
  const namespace = owner.metadata.namespace ?? '';
  await syncOwnedObjects(ctx, controller, namespace, [ownerLabel, owner.metadata.name ?? ''], []);
  const generated = ctx.informers
    .informer<V1Secret>('Secret')
    .list()
    .filter((secret) => secret.metadata?.namespace === namespace && isControlledBy(secret, owner));
  for (const secret of generated) {
    await deleteObject(ctx.kc, secretResource, namespace, secret.metadata?.name ?? '');
    ctx.metrics.writes.inc({ controller, verb: 'delete' });
  }
  try {
    await setFinalizers(
      ctx,
      resource,
      owner,
      finalizers.filter((f) => f !== IRONIC_FINALIZER),
    );
    ctx.metrics.writes.inc({ controller, verb: 'finalizer' });
  } catch (error) {
    if (isConflict(error)) return { conflict: true };
    // Already gone: an earlier pass removed the finalizer and the cache had not caught up yet.
    if (isNotFound(error)) return undefined;
    throw error;
  }
  return undefined;
}

/**
 * Creates a generated Secret, or adopts one this owner created in an earlier pass that stopped
 * before linking it (so credentials are generated once, even across a crash). A Secret of that
 * name that belongs to someone else is never touched: SecretNameTaken.
 */
async function createGeneratedSecret(
  ctx: ControllerContext,
  controller: string,
  owner: Owner,
  secret: V1Secret,
): Promise<void> {
  const namespace = owner.metadata.namespace ?? '';
  const name = secret.metadata?.name ?? '';
  try {
    await kubeRequestJson(ctx.kc, collectionPath(secretResource, namespace), {
      method: 'POST',
      body: secret,
      query: { fieldManager: 'rackpilot' },
    });
    ctx.metrics.writes.inc({ controller, verb: 'create' });
  } catch (error) {
    if (!isConflict(error)) throw error;
    const existing = await kubeGetJson<V1Secret>(
      ctx.kc,
      `${collectionPath(secretResource, namespace)}/${name}`,
    );
    if (!isControlledBy(existing, owner)) {
      throw new SecretNameTaken(
        `Secret ${name} already exists and was not generated for ${owner.kind} ${owner.metadata.name ?? ''}; ` +
          'delete it or reference it in the spec',
      );
    }
  }
}

/** Writes a reference into the owner's spec, guarded by the resourceVersion the pass read. */
async function linkInSpec(
  ctx: ControllerContext,
  controller: string,
  resource: ResourceDescriptor,
  owner: Owner,
  spec: Record<string, unknown>,
): Promise<ReconcileResult | undefined> {
  const { namespace, name = '', resourceVersion } = owner.metadata;
  try {
    await mergePatch(ctx.kc, resource, namespace, name, { metadata: { resourceVersion }, spec });
    ctx.metrics.writes.inc({ controller, verb: 'spec' });
    return undefined;
  } catch (error) {
    if (isConflict(error)) return { conflict: true };
    throw error;
  }
}

/**
 * Generates a Secret once and links it from the owner's spec, with an event saying so. When the name
 * is held by a Secret that is not the owner's, Ready says so and the owner is looked at again after
 * `retryMs`.
 */
export async function generateLinkedSecret(
  ctx: ControllerContext,
  controller: string,
  resource: ResourceDescriptor,
  owner: Owner,
  link: { secret: V1Secret; spec: Record<string, unknown>; event: { reason: string; note: string } },
  retryMs: number,
): Promise<ReconcileResult | undefined> {
  try {
    await createGeneratedSecret(ctx, controller, owner, link.secret);
  } catch (error) {
    if (!(error instanceof SecretNameTaken)) throw error;
    const condition = readyCondition(
      owner,
      { status: 'False', reason: IRONIC_READY_REASONS.failed, message: error.message },
      new Date(),
    );
    await writeStatusIfChanged(ctx, controller, resource, owner, {
      ...owner.status,
      conditions: [condition],
    });
    return { requeueAfterMs: retryMs };
  }
  const result = await linkInSpec(ctx, controller, resource, owner, link.spec);
  if (!result) void ctx.events.record(owner, { type: 'Normal', ...link.event, action: 'Reconcile' });
  return result;
}
