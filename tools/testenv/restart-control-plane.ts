import { KubeConfig } from '@kubernetes/client-node';
import { fetchServerVersion } from '../../server/kube/cluster-info';
import { startLocalCluster, stopLocalCluster } from '../controlplane/local-cluster';
import { localClusterOptions } from '../controlplane/local-environment';

/**
 * Stops every control-plane process of the test cluster (API server, etcd, controller manager, kwok)
 * and starts them again on the same data, as after a crash or an upgrade of the control plane.
 */
export async function restartControlPlane(): Promise<void> {
  const name = process.env.RACKPILOT_TEST_CLUSTER_NAME;
  const stateDir = process.env.RACKPILOT_TEST_STATE_DIR;
  if (!name || !stateDir)
    throw new Error('no test cluster in the environment (run through the integration setup)');
  const options = await localClusterOptions(stateDir, () => undefined, name);
  await stopLocalCluster(options);
  const kubeconfig = await startLocalCluster(options);
  // kwokctl returns once the processes run; wait until the API server answers again.
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfig);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await fetchServerVersion(kc, 2_000);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
