import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { fetchServerVersion } from '../../server/kube/cluster-info';
import {
  deleteLocalCluster,
  localClusterPaths,
  startLocalCluster,
  stopLocalCluster,
} from '../controlplane/local-cluster';
import { eventually } from './eventually';
import { bringUpLocalCluster, localClusterOptions } from '../controlplane/local-environment';
import type { LocalClusterOptions } from '../controlplane/local-cluster';

export interface DisposableCluster {
  kc: KubeConfig;
  options: LocalClusterOptions;
  /** kwokctl's folder for the cluster: its configuration, pid files and logs. */
  clusterDir: string;
  /** Stops every control-plane process and starts them again on the same data, as after a crash. */
  restart(): Promise<void>;
  /** Freezes the API server process (SIGSTOP) for `ms`, as a hung host or a long GC pause would. */
  pauseApiServer(ms: number): Promise<void>;
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
    options,
    clusterDir: localClusterPaths(options).clusterDir,
    restart: async () => {
      await stopLocalCluster(options);
      await startLocalCluster(options);
      // kwokctl returns once the processes run; wait until the API server answers again.
      await eventually(() => fetchServerVersion(kc, 2_000), 60_000, 200);
    },
    pauseApiServer: async (ms) => {
      const pidFile = join(localClusterPaths(options).clusterDir, 'pids', 'kube-apiserver.pid');
      const pid = Number((await readFile(pidFile, 'utf8')).trim());
      process.kill(pid, 'SIGSTOP');
      try {
        await new Promise((resolve) => setTimeout(resolve, ms));
      } finally {
        process.kill(pid, 'SIGCONT');
      }
    },
    remove: async () => {
      await deleteLocalCluster(options);
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
