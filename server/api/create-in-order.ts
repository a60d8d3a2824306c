import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { deleteObject } from '../kube/apply';
import { kubeRequestJson } from '../kube/kube-request';
import { collectionPath, type ResourceDescriptor } from '../kube/resource';
import type { CreateResult } from './api-rejection';

const CONSOLE_FIELD_MANAGER = 'rackpilot-console';

export interface CreateStep {
  resource: ResourceDescriptor;
  object: KubernetesObject;
  /** Where a refusal of this object shows in the form. */
  nameField: string;
  /** What a 409 on this object means to the user, when its name is made from the one they typed. */
  taken?: string;
}

function post(kc: KubeConfig, step: CreateStep, dryRun: boolean): Promise<unknown> {
  return kubeRequestJson(kc, collectionPath(step.resource, step.object.metadata?.namespace), {
    method: 'POST',
    body: step.object,
    query: {
      fieldManager: CONSOLE_FIELD_MANAGER,
      fieldValidation: 'Strict',
      ...(dryRun ? { dryRun: 'All' } : {}),
    },
  });
}

/**
 * Creates a form's objects in order; the last is the one the user named. Every object is first sent as
 * a server-side dry run, that one first, so a name in use is reported as itself and not as a clash of
 * an object whose name is made from it; a refusal leaves nothing behind. If a real create still fails,
 * the objects created before it are deleted again.
 * With `dryRun` it stops after the dry runs. `rejection` turns an API-server refusal of a step into
 * the form's answer (undefined: not a refusal the form can show).
 */
export async function createInOrder(
  kc: KubeConfig,
  steps: CreateStep[],
  dryRun: boolean,
  rejection: (error: unknown, step: CreateStep) => CreateResult | undefined,
  created: { namespace: string; name: string },
): Promise<CreateResult> {
  const named = steps.at(-1);
  for (const step of named ? [named, ...steps.slice(0, -1)] : []) {
    try {
      await post(kc, step, true);
    } catch (error) {
      const refused = rejection(error, step);
      if (refused) return refused;
      throw error;
    }
  }
  if (dryRun) {
    return {
      status: 'accepted',
      message: 'The API server accepts these objects (dry run: nothing was created)',
    };
  }
  const done: CreateStep[] = [];
  try {
    for (const step of steps) {
      await post(kc, step, false);
      done.push(step);
    }
  } catch (error) {
    for (const step of done.reverse()) {
      await deleteObject(
        kc,
        step.resource,
        step.object.metadata?.namespace,
        step.object.metadata?.name ?? '',
      );
    }
    const failedStep = steps[done.length];
    const refused = failedStep ? rejection(error, failedStep) : undefined;
    if (refused?.status === 'rejected')
      return { ...refused, message: `${refused.message} (nothing was kept)` };
    throw error;
  }
  return { status: 'created', ...created };
}
