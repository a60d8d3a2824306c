import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from './kube-request';

/** Creates the namespace unless it exists. */
export async function ensureNamespace(kc: KubeConfig, name: string): Promise<void> {
  try {
    await kubeRequestJson(kc, '/api/v1/namespaces', {
      method: 'POST',
      body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
    });
  } catch (error) {
    if ((error as { status?: number }).status !== 409) throw error;
  }
}
