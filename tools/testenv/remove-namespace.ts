import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { eventually } from './eventually';

/**
 * Deletes a test's namespace and waits (best effort) until it is gone. Call it while the test's server
 * still runs: its controllers remove their finalizers, which a stopped server would leave behind.
 */
export async function removeNamespace(kc: KubeConfig, name: string, timeoutMs = 30_000): Promise<void> {
  const path = `/api/v1/namespaces/${name}`;
  await kubeRequestJson(kc, path, { method: 'DELETE' }).catch(() => undefined);
  await eventually(
    async () => {
      const gone = await kubeRequestJson(kc, path).then(
        () => false,
        (error: unknown) => (error as { status?: number }).status === 404,
      );
      if (!gone) throw new Error(`namespace ${name} still exists`);
    },
    timeoutMs,
    500,
  ).catch(() => undefined);
}
