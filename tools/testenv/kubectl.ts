import { ensureKubectl } from '../controlplane/control-plane-binaries';
import { runCommand } from '../lib/run-command';

/** The local control plane's kubectl (with kustomize built in), as the admin of the test cluster. */
export async function adminKubectl(kubeconfig: string): Promise<(...args: string[]) => Promise<string>> {
  const kubectl = await ensureKubectl(() => undefined);
  return async (...args) => (await runCommand(kubectl, ['--kubeconfig', kubeconfig, ...args])).stdout;
}
