import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { deleteObject } from '../kube/apply';
import { kubeRequestJson } from '../kube/kube-request';
import { apiVersionOf, collectionPath, type ResourceDescriptor } from '../kube/resource';
import type { CreateResult } from './api-rejection';

const CONSOLE_FIELD_MANAGER = 'rackpilot-console';

export interface CreateStep<T extends KubernetesObject = KubernetesObject> {
  resource: ResourceDescriptor<T>;
  object: T;
  /** Where a refusal of this object shows in the form. */
  nameField: string;
  /** What a 409 on this object means to the user, when its name is made from the one they typed. */
  taken?: string;
  /**
   * An earlier step whose object controls this one: its owner reference is added here, because the
   * owner's uid exists only once the owner is stored.
   */
  owner?: CreateStep;
}

/** A step whose object is checked against its resource's type (a literal in a `CreateStep[]` is not). */
export function createStep<T extends KubernetesObject>(
  resource: ResourceDescriptor<T>,
  object: T,
  form: Pick<CreateStep, 'nameField' | 'taken' | 'owner'>,
): CreateStep {
  return { resource, object, ...form };
}

/** The two writes a create makes: the kube one is the only one outside unit tests. */
export interface ObjectWriter {
  create(step: CreateStep, dryRun: boolean): Promise<unknown>;
  remove(step: CreateStep): Promise<void>;
}

export function kubeObjectWriter(kc: KubeConfig): ObjectWriter {
  return {
    create: (step, dryRun) =>
      kubeRequestJson(kc, collectionPath(step.resource, step.object.metadata?.namespace), {
        method: 'POST',
        body: step.object,
        query: {
          fieldManager: CONSOLE_FIELD_MANAGER,
          fieldValidation: 'Strict',
          ...(dryRun ? { dryRun: 'All' } : {}),
        },
      }),
    remove: (step) =>
      deleteObject(kc, step.resource, step.object.metadata?.namespace, step.object.metadata?.name ?? ''),
  };
}

/**
 * The owner's uid in a dry run. Nothing is stored, so there is no real one; the API server only checks
 * that an owner reference has a uid, not that it names a stored object.
 */
const DRY_RUN_OWNER_UID = '00000000-0000-0000-0000-000000000000';

/** The step as sent: with its owner's reference when it has one (uids: the stored owners'). */
function withOwner(step: CreateStep, uids: Map<CreateStep, string> | undefined): CreateStep {
  const { owner } = step;
  if (!owner) return step;
  const uid = uids ? uids.get(owner) : DRY_RUN_OWNER_UID;
  if (!uid) throw new Error(`createInOrder: ${owner.resource.kind} must be created before what it owns`);
  const reference = {
    apiVersion: owner.object.apiVersion ?? apiVersionOf(owner.resource),
    kind: owner.object.kind ?? owner.resource.kind,
    name: owner.object.metadata?.name ?? '',
    uid,
    controller: true,
  };
  const object = structuredClone(step.object);
  object.metadata ??= {};
  object.metadata.ownerReferences = [...(object.metadata.ownerReferences ?? []), reference];
  return { ...step, object };
}

export interface CreateRequest {
  /** In the order they are created; the last is the one the user named. */
  steps: CreateStep[];
  /** Stop after the server-side dry runs: nothing is stored. */
  dryRun: boolean;
  /** An API-server refusal of a step as the form's answer (undefined: not one the form can show). */
  rejection: (error: unknown, step: CreateStep) => CreateResult | undefined;
}

/**
 * Every create the console makes. Several objects are first each sent as a server-side dry run, the
 * named one first, so a name in use is reported as itself and not as a clash of an object whose name is
 * made from it; a refusal leaves nothing behind. If a real create still fails, the objects created
 * before it are deleted again. One object is sent once: the API server stores it whole or not at all.
 */
export async function createInOrder(
  writer: ObjectWriter,
  { steps, dryRun, rejection }: CreateRequest,
): Promise<CreateResult> {
  const named = steps.at(-1);
  if (!named) throw new Error('createInOrder: nothing to create');
  const several = steps.length > 1;
  if (dryRun || several) {
    for (const step of [named, ...steps.slice(0, -1)]) {
      try {
        await writer.create(withOwner(step, undefined), true);
      } catch (error) {
        const refused = rejection(error, step);
        if (refused) return refused;
        throw error;
      }
    }
  }
  if (dryRun) {
    const what = several ? 'these objects' : `this ${named.resource.kind}`;
    return { status: 'accepted', message: `The API server accepts ${what} (dry run: nothing was created)` };
  }
  const done: CreateStep[] = [];
  const uids = new Map<CreateStep, string>();
  try {
    for (const step of steps) {
      const stored = (await writer.create(withOwner(step, uids), false)) as KubernetesObject | undefined;
      done.push(step);
      const uid = stored?.metadata?.uid;
      if (uid) uids.set(step, uid);
    }
  } catch (error) {
    for (const step of done.reverse()) await writer.remove(step);
    const failedStep = steps[done.length];
    const refused = failedStep ? rejection(error, failedStep) : undefined;
    if (refused?.status === 'rejected')
      return several ? { ...refused, message: `${refused.message} (nothing was kept)` } : refused;
    throw error;
  }
  return {
    status: 'created',
    namespace: named.object.metadata?.namespace ?? '',
    name: named.object.metadata?.name ?? '',
  };
}
