import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson, KubeRequestError } from '../../kube/kube-request';
import { apiRejection, type CreateResult } from '../api-rejection';
import type { SipClusterForm } from '../../schemas/sip-cluster-form';
import { formFieldOfObjectPath, sipClusterFromForm } from '../../schemas/sip-cluster-object';
import { sipClusterResource } from '../../types/crds/sip-cluster';
import { createInOrder, createStep, kubeObjectWriter } from '../create-in-order';

export type { CreateResult };

/** Turns an API-server refusal into a message and field errors the form shows next to its fields. */
export function rejectionOf(error: unknown, form: SipClusterForm): CreateResult | undefined {
  return apiRejection(error, {
    kind: 'SIPCluster',
    namespace: form.namespace,
    name: form.name,
    nameField: 'name',
    fieldOf: formFieldOfObjectPath,
  });
}

/**
 * One POST: the API server either stores the whole SIPCluster or nothing. With `dryRun` it only
 * checks it (schema, CEL rules, admission) and stores nothing.
 */
export function createSipCluster(kc: KubeConfig, form: SipClusterForm, dryRun: boolean): Promise<CreateResult> {
  return createInOrder(kubeObjectWriter(kc), {
    steps: [createStep(sipClusterResource, sipClusterFromForm(form), { nameField: 'name' })],
    dryRun,
    rejection: (error) => rejectionOf(error, form),
  });
}

export type DeleteResult = { status: 'deleting' | 'gone' };

export async function deleteSipCluster(
  kc: KubeConfig,
  namespace: string,
  name: string,
): Promise<DeleteResult> {
  try {
    await kubeRequestJson(
      kc,
      `/apis/${sipClusterResource.group}/${sipClusterResource.version}/namespaces/${encodeURIComponent(namespace)}/${sipClusterResource.plural}/${encodeURIComponent(name)}`,
      { method: 'DELETE', body: { propagationPolicy: 'Background' } },
    );
    return { status: 'deleting' };
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 404) return { status: 'gone' };
    throw error;
  }
}
