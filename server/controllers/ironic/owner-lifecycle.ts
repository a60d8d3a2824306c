/**
 * The I/O both Ironic kinds share: the credentials Secret they generate once and link from their
 * spec, and clean-up on deletion.
 */
import type { V1Secret } from '@kubernetes/client-node';
import { deleteObject, isConflict, mergePatch } from '../../kube/apply';
import type { ReconcileResult } from '../../kube/controller-declaration';
import type { ControllerContext } from '../../kube/controller-context';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import { collectionPath, secretResource, type ResourceDescriptor } from '../../kube/resource';
import { syncOwnedObjects } from '../../kube/sync-owned-objects';
import type { Ironic } from '../../types/crds/ironic';
import type { IronicDatabase } from '../../types/crds/ironic-database';
import { readyCondition } from '../common/ready-condition';
import { writeStatus } from '../../kube/write-status';
import { isControlledBy } from '../../kube/owner-references';
import { IRONIC_READY_REASONS } from './ironic-names';

type Owner = Ironic | IronicDatabase;

/** A name the controller wants for a generated Secret is held by a Secret that is not its own. */
class SecretNameTaken extends Error {}

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

/**
 * Creates a generated Secret, or adopts one this owner created in an earlier pass that stopped
 * before linking it (so credentials are generated once, even across a crash). A Secret of that
 * name that belongs to someone else is never touched: SecretNameTaken.
 */
async function createGeneratedSecret(
  ctx: ControllerContext,
  owner: Owner,
  secret: V1Secret,
): Promise<V1Secret | undefined> {
  const namespace = owner.metadata.namespace ?? '';
  const name = secret.metadata?.name ?? '';
  try {
    const created = await kubeRequestJson<V1Secret>(ctx.kc, collectionPath(secretResource, namespace), {
      method: 'POST',
      body: secret,
      query: { fieldManager: 'rackpilot' },
    });
    ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'create' });
    return created;
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
    // Adopted from an earlier pass: nothing is known about its content here.
    return undefined;
  }
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
    const created = await createGeneratedSecret(ctx, owner, link.secret);
    if (created) {
      // Its value is what this pass wrote: the next pass reads it without a GET.
      ctx.secrets.remember(created);
      link.created?.(created);
    }
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
