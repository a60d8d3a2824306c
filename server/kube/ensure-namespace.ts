import type { KubeConfig } from '@kubernetes/client-node';
import { isNotFound } from './apply';
import { kubeGetJson, kubeRequestJson } from './kube-request';

/**
 * Creates the namespace unless it exists. Looked up first: a deployed server, whose namespace comes
 * with its manifests, then needs no right to create namespaces.
 */
export async function ensureNamespace(kc: KubeConfig, name: string): Promise<void> {
  try {
    await kubeGetJson(kc, `/api/v1/namespaces/${name}`);
    return;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  try {
    await kubeRequestJson(kc, '/api/v1/namespaces', {
      method: 'POST',
      body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
    });
  } catch (error) {
    if ((error as { status?: number }).status !== 409) throw error;
  }
}
