import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson, KubeRequestError } from '../../kube/kube-request';
import { apiRejection, type CreateResult } from '../api-rejection';
import type { SipClusterForm } from '../../schemas/sip-cluster-form';
import { formFieldOfObjectPath, sipClusterFromForm } from '../../schemas/sip-cluster-object';
import { sipClusterResource, type SIPCluster } from '../../types/crds/sip-cluster';

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
export async function createSipCluster(
  kc: KubeConfig,
  form: SipClusterForm,
  dryRun: boolean,
): Promise<CreateResult> {
  const body = sipClusterFromForm(form);
  try {
    const created = await kubeRequestJson<SIPCluster>(
      kc,
      `/apis/${sipClusterResource.group}/${sipClusterResource.version}/namespaces/${encodeURIComponent(form.namespace)}/${sipClusterResource.plural}`,
      {
        method: 'POST',
        body,
        query: {
          fieldManager: 'rackpilot-console',
          fieldValidation: 'Strict',
          ...(dryRun ? { dryRun: 'All' } : {}),
        },
      },
    );
    if (dryRun)
      return {
        status: 'accepted',
        message: 'The API server accepts this SIPCluster (dry run: nothing was created)',
      };
    return {
      status: 'created',
      namespace: created.metadata.namespace ?? form.namespace,
      name: created.metadata.name ?? form.name,
    };
  } catch (error) {
    const rejection = rejectionOf(error, form);
    if (rejection) return rejection;
    throw error;
  }
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
