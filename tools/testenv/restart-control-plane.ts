import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { fetchServerVersion } from '../../server/kube/cluster-info';
import { deleteLocalCluster, startLocalCluster, stopLocalCluster } from '../controlplane/local-cluster';
import { bringUpLocalCluster, localClusterOptions } from '../controlplane/local-environment';
import type { LocalClusterOptions } from '../controlplane/local-cluster';

export interface DisposableCluster {
  kc: KubeConfig;
  /** Stops every control-plane process and starts them again on the same data, as after a crash. */
  restart(): Promise<void>;
  remove(): Promise<void>;
}

async function waitForApiServer(kc: KubeConfig): Promise<void> {
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

/** A control plane of its own for a test that restarts it, so the shared test cluster is never disturbed. */
export async function startDisposableCluster(): Promise<DisposableCluster> {
  const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-restart-'));
  const options: LocalClusterOptions = await localClusterOptions(stateDir, () => undefined, 'restart');
  const kubeconfig = await bringUpLocalCluster(options, () => undefined);
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfig);
  return {
    kc,
    restart: async () => {
      await stopLocalCluster(options);
      await startLocalCluster(options);
      await waitForApiServer(kc);
    },
    remove: async () => {
      await deleteLocalCluster(options);
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
