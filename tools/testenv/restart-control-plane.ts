import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { fetchServerVersion } from '../../server/kube/cluster-info';
import { deleteLocalCluster, startLocalCluster, stopLocalCluster } from '../controlplane/local-cluster';
import { eventually } from './eventually';
import { bringUpLocalCluster, localClusterOptions } from '../controlplane/local-environment';
import type { LocalClusterOptions } from '../controlplane/local-cluster';

export interface DisposableCluster {
  kc: KubeConfig;
  /** Stops every control-plane process and starts them again on the same data, as after a crash. */
  restart(): Promise<void>;
  remove(): Promise<void>;
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
      // kwokctl returns once the processes run; wait until the API server answers again.
      await eventually(() => fetchServerVersion(kc, 2_000), 60_000, 200);
    },
    remove: async () => {
      await deleteLocalCluster(options);
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
