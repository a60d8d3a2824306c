import type { NamespaceScope } from '../../access/namespace-scope';
import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson, KubeRequestError } from '../../kube/kube-request';
import type { Runtime } from '../../runtime';
import type { FieldErrors } from '../../schemas/field-errors';
import { apiRejection, fieldRejection, type CreateResult } from '../api-rejection';
import type { SipClusterForm } from '../../schemas/sip-cluster-form';
import { formFieldOfObjectPath, sipClusterFromForm } from '../../schemas/sip-cluster-object';
import { sipClusterResource } from '../../types/crds/sip-cluster';
import { createInOrder, createStep, kubeObjectWriter } from '../create-in-order';
import { secretExists } from '../object-names';
import { clusterInformer } from './cluster-cache';
import { nodePortConflicts, nodePortsOf } from './port-conflicts';

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
export function createSipCluster(
  kc: KubeConfig,
  form: SipClusterForm,
  dryRun: boolean,
): Promise<CreateResult> {
  return createInOrder(kubeObjectWriter(kc), {
    steps: [createStep(sipClusterResource, sipClusterFromForm(form), { nameField: 'name' })],
    dryRun,
    rejection: (error) => rejectionOf(error, form),
  });
}

/**
 * Checks across objects the API server cannot make: node ports of other clusters (named when in the
 * caller's namespaces), the Secret.
 */
export async function sipClusterChecks(
  runtime: Runtime,
  input: SipClusterForm,
  scope: NamespaceScope,
): Promise<FieldErrors> {
  const conflicts: FieldErrors = nodePortConflicts(
    { namespace: input.namespace, name: input.name, ports: nodePortsOf(input.services) },
    clusterInformer(runtime).list(),
    scope,
  );
  const secret = input.services.jumpHost.privateKeySecret;
  if (!(await secretExists(runtime.kc, runtime.informers, input.namespace, secret))) {
    conflicts['services.jumpHost.privateKeySecret'] =
      `No Secret named ${secret} in namespace ${input.namespace}`;
  }
  return conflicts;
}

/** Checks across objects, then the API server's create. */
export async function submitSipCluster(
  runtime: Runtime,
  input: SipClusterForm,
  dryRun: boolean,
  scope: NamespaceScope,
): Promise<CreateResult> {
  const conflicts = await sipClusterChecks(runtime, input, scope);
  return fieldRejection(conflicts) ?? createSipCluster(runtime.kc, input, dryRun);
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
