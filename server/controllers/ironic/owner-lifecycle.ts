/**
 * The I/O both Ironic kinds share: the credentials Secret they generate once and link from their
 * spec, and clean-up on deletion.
 */
import type { V1Secret } from '@kubernetes/client-node';
import { deleteObject, isConflict, mergePatch } from '../../kube/apply';
import type { ReconcileResult } from '../../kube/controller-declaration';
import type { ControllerContext } from '../../kube/controller-context';
import { createSecretOnce, SecretNameTaken } from '../../kube/create-secret-once';
import { secretResource, type ResourceDescriptor } from '../../kube/resource';
import { syncOwnedObjects } from '../../kube/sync-owned-objects';
import type { Ironic } from '../../types/crds/ironic';
import type { IronicDatabase } from '../../types/crds/ironic-database';
import { readyCondition } from '../common/ready-condition';
import { writeStatus } from '../../kube/write-status';
import { isControlledBy } from '../../kube/owner-references';
import { IRONIC_READY_REASONS } from './ironic-names';

type Owner = Ironic | IronicDatabase;

/**
 * Deletion: the owned objects and the generated Secrets go now (their ownerReferences would take
 * them too, but later and only with a garbage collector running); the runtime then drops the finalizer.
 */
export async function finalize(ctx: ControllerContext, owner: Owner): Promise<undefined> {
  const namespace = owner.metadata.namespace ?? '';
  await syncOwnedObjects(ctx, owner, []);
  const generated = ctx.informers
    .of(secretResource)
    .list()
    .filter((secret) => secret.metadata?.namespace === namespace && isControlledBy(secret, owner));
  for (const secret of generated) {
    await deleteObject(ctx.kc, secretResource, namespace, secret.metadata?.name ?? '');
    ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'delete' });
  }
  return undefined;
}

/** Writes a reference into the owner's spec, guarded by the resourceVersion the pass read. */
async function linkInSpec(
  ctx: ControllerContext,
  resource: ResourceDescriptor,
  owner: Owner,
  spec: Record<string, unknown>,
): Promise<ReconcileResult | undefined> {
  const { namespace, name = '', resourceVersion } = owner.metadata;
  try {
    await mergePatch(ctx.kc, resource, namespace, name, { metadata: { resourceVersion }, spec });
    ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'spec' });
    return undefined;
  } catch (error) {
    if (isConflict(error)) return { conflict: true };
    throw error;
  }
}

/**
 * Generates a Secret once and links it from the owner's spec, with an event saying so. When the name
 * is held by a Secret that is not the owner's, Ready says so and the owner is looked at again after
 * `retryMs`. `created` hears of the Secret as stored, when this pass created it.
 */
export async function generateLinkedSecret(
  ctx: ControllerContext,
  resource: ResourceDescriptor,
  owner: Owner,
  link: {
    secret: V1Secret;
    spec: Record<string, unknown>;
    event: { reason: string; note: string };
    created?: (stored: V1Secret) => void;
  },
  retryMs: number,
): Promise<ReconcileResult | undefined> {
  try {
    // One this owner created in an earlier pass that stopped before linking it is adopted, so
    // credentials are generated once, even across a crash.
    const created = await createSecretOnce(ctx, link.secret, owner);
    if (created) link.created?.(created);
  } catch (error) {
    if (!(error instanceof SecretNameTaken)) throw error;
    const condition = readyCondition(
      owner,
      { status: 'False', reason: IRONIC_READY_REASONS.failed, message: error.message },
      new Date(),
    );
    await writeStatus(ctx, resource, owner, {
      ...owner.status,
      conditions: [condition],
    });
    return { requeueAfterMs: retryMs };
  }
  const result = await linkInSpec(ctx, resource, owner, link.spec);
  if (!result) void ctx.events.record(owner, { type: 'Normal', ...link.event, action: 'Reconcile' });
  return result;
}
