import { existsSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';
import { log, runCli, stopSignal } from '../../server/cli';
import { readServerConfig } from '../../server/config';
import { generatePrismaClient } from '../../server/db/migrate';
import { fetchServerVersion } from '../../server/kube/cluster-info';
import { checkPortFree } from '../../tools/build/check-port';
import { LAB_NAMESPACE } from '../../tools/lab/lab-hosts';
import { seedLab } from '../../tools/lab/seed-lab';
import { ensureNextBuild } from '../../tools/build/ensure-next-build';
import { stopLocalCluster, localClusterPaths } from '../../tools/controlplane/local-cluster';
import { bringUpLocalCluster, localClusterOptions } from '../../tools/controlplane/local-environment';

async function isReachable(kubeconfig: string): Promise<boolean> {
  if (!existsSync(kubeconfig)) return false;
  try {
    const kc = new KubeConfig();
    kc.loadFromFile(kubeconfig);
    await fetchServerVersion(kc, 2_000);
    return true;
  } catch {
    return false;
  }
}

runCli(async () => {
  const signal = stopSignal();
  const root = process.cwd();
  const config = readServerConfig(process.env, root);
  await checkPortFree(config.host, config.port);

  let stopCluster: (() => Promise<void>) | undefined;
  // The hardware lab (a simulator) is seeded only into the local cluster, never into one named by KUBECONFIG.
  const seedLabHosts = !config.kubeconfig && process.env.RACKPILOT_LAB !== '0';
  if (!config.kubeconfig) {
    const options = await localClusterOptions(config.stateDir, log);
    const wasRunning = await isReachable(localClusterPaths(options).kubeconfig);
    config.kubeconfig = await bringUpLocalCluster(options, log);
    // A cluster started by `npm run cluster:up` outlives this process; one started here stops with it.
    if (!wasRunning) stopCluster = () => stopLocalCluster(options);
  }
  try {
    await generatePrismaClient();
    if (!config.dev) await ensureNextBuild(root, log);
    const { runServer } = await import('../../server/main');
    const kubeconfig = config.kubeconfig;
    await runServer(config, signal, async () => {
      if (!seedLabHosts || !kubeconfig) return;
      const kc = new KubeConfig();
      kc.loadFromFile(kubeconfig);
      const { hosts } = await seedLab(kc, { log });
      log(`hardware lab (simulated): ${hosts} BareMetalHosts in namespace ${LAB_NAMESPACE}`);
    });
  } finally {
    if (stopCluster) {
      log('stopping the local cluster (its data is kept; `npm run cluster:down` removes it)');
      await stopCluster();
    }
  }
});
