import { resolve } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { ensureControlPlaneBinaries, type ControlPlaneBinaries } from './control-plane-binaries';
import { ensureSimulatedNodes } from './kwok-nodes';
import { startLocalCluster, type LocalClusterOptions } from './local-cluster';

export const LOCAL_CLUSTER_NAME = 'rackpilot';

export function stateDirFromEnv(): string {
  return resolve(process.env.RACKPILOT_STATE_DIR ?? '.rackpilot');
}

/** The local cluster's options, building its binaries the first time (`signal` stops that build). */
export async function localClusterOptions(
  stateDir: string,
  log: (line: string) => void,
  name = LOCAL_CLUSTER_NAME,
  signal?: AbortSignal,
): Promise<LocalClusterOptions> {
  const binaries: ControlPlaneBinaries = await ensureControlPlaneBinaries(log, signal);
  return { name, stateDir, binaries };
}

/** Brings the local control plane up (building it the first time) with its simulated nodes. */
export async function bringUpLocalCluster(
  options: LocalClusterOptions,
  log: (line: string) => void,
): Promise<string> {
  log(
    `starting local control plane "${options.name}" (kube ${options.binaries.kubeVersion}, etcd ${options.binaries.etcdVersion})`,
  );
  const kubeconfig = await startLocalCluster(options);
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfig);
  await ensureSimulatedNodes(kc);
  return kubeconfig;
}
