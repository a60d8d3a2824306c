import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson, KubeRequestError } from '../../kube/kube-request';
import {
  formFieldOfObjectPath,
  sipClusterFromForm,
  type FieldErrors,
  type SipClusterForm,
} from '../../schemas/sip-cluster-form';
import { sipClusterResource, type SIPCluster } from '../../types/crds/sip-cluster';

export type CreateResult =
  | { status: 'created'; namespace: string; name: string }
  | { status: 'rejected'; message: string; fieldErrors: FieldErrors };

/** Turns an API-server refusal into a message and field errors the form shows next to its fields. */
export function rejectionOf(error: unknown, form: SipClusterForm): CreateResult | undefined {
  if (!(error instanceof KubeRequestError)) return undefined;
  const where = `namespace ${form.namespace}`;
  if (error.status === 409) {
    const message = `A SIPCluster named ${form.name} already exists in ${where}`;
    return { status: 'rejected', message, fieldErrors: { name: message } };
  }
  if (error.status === 404 && /namespaces? .*not found/i.test(error.message)) {
    const message = `Namespace ${form.namespace} does not exist`;
    return { status: 'rejected', message, fieldErrors: { namespace: message } };
  }
  if (error.status === 422 || error.status === 400) {
    const fieldErrors: FieldErrors = {};
    const unplaced: string[] = [];
    // The Status causes name each offending field (spec.services.jumpHost[0].nodePort, …).
    for (const cause of error.causes) {
      const path = cause.field ?? '';
      const field = formFieldOfObjectPath(path);
      const text = `${path}: ${cause.message ?? cause.reason ?? 'invalid'}`;
      if (field) fieldErrors[field] ??= text;
      else unplaced.push(text);
    }
    const summary = error.message.replace(/^[^:]*: /, '');
    return {
      status: 'rejected',
      message: `The API server rejected the SIPCluster: ${unplaced.length > 0 ? unplaced.join('; ') : summary}`,
      fieldErrors,
    };
  }
  if (error.status === 403) {
    return { status: 'rejected', message: `Not allowed: ${error.message}`, fieldErrors: {} };
  }
  return undefined;
}

/** One POST: the API server either stores the whole SIPCluster or nothing. */
export async function createSipCluster(kc: KubeConfig, form: SipClusterForm): Promise<CreateResult> {
  const body = sipClusterFromForm(form);
  try {
    const created = await kubeRequestJson<SIPCluster>(
      kc,
      `/apis/${sipClusterResource.group}/${sipClusterResource.version}/namespaces/${encodeURIComponent(form.namespace)}/${sipClusterResource.plural}`,
      { method: 'POST', body, query: { fieldManager: 'rackpilot-console', fieldValidation: 'Strict' } },
    );
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
