import { existsSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';
import { log, runCli, stopSignal } from '../../server/cli';
import { readServerConfig } from '../../server/config';
import { SetupError } from '../../server/setup-error';
import { fetchServerVersion } from '../../server/kube/cluster-info';
import { checkPortFree } from '../../tools/build/check-port';
import { startLab, type RunningLab } from '../../tools/lab/start-lab';
import { registerSimulatorProfiles } from '../../tools/lab/simulator-boot-profiles';
import { DEMO_PROFILE, DEMO_SAVED_BY, registerDemoImage } from '../../tools/lab/demo-image-profile';
import { ensureNextBuild } from '../../tools/build/ensure-next-build';
import { ensureBootAssetServer } from '../../tools/controlplane/boot-asset-server-binary';
import { stopLocalCluster, localClusterPaths } from '../../tools/controlplane/local-cluster';
import {
  bringUpLocalCluster,
  LOCAL_CLUSTER_NAME,
  localClusterOptions,
} from '../../tools/controlplane/local-environment';
import { superviseLocalCluster, type Supervisor } from '../../tools/controlplane/supervise-local-cluster';

/** Virtual machines PXE-booting against the boot service (RACKPILOT_LAB_HOSTS, default 12, 0 for none). */
function labHostCount(value: string | undefined): number {
  const count = Number(value ?? '12');
  if (!Number.isInteger(count) || count < 0 || count > 10_000) {
    throw new SetupError(
      `RACKPILOT_LAB_HOSTS=${value ?? ''} is invalid: must be a whole number from 0 to 10000`,
    );
  }
  return count;
}

/** The lab's simulated host steps (registration, inspection, power), RACKPILOT_LAB_STEP_MS, default 2000. */
function labStepMs(value: string | undefined): number {
  const ms = Number(value ?? '2000');
  if (!Number.isInteger(ms) || ms < 0 || ms > 600_000) {
    throw new SetupError(
      `RACKPILOT_LAB_STEP_MS=${value ?? ''} is invalid: must be a whole number of milliseconds from 0 to 600000`,
    );
  }
  return ms;
}

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
  // The boot service's asset server (Go, seconds to build), unless the environment names a build.
  config.bootAssetServer.binary ??= await ensureBootAssetServer(log, signal);

  let stopCluster: (() => Promise<void>) | undefined;
  let supervisor: Supervisor | undefined;
  // The hardware lab (a simulator) is seeded only into the local cluster, never into one named by KUBECONFIG.
  const seedLabHosts = !config.kubeconfig && process.env.RACKPILOT_LAB !== '0';
  const virtualHosts = seedLabHosts ? labHostCount(process.env.RACKPILOT_LAB_HOSTS) : 0;
  const stepMs = labStepMs(process.env.RACKPILOT_LAB_STEP_MS);
  let lab: RunningLab | undefined;
  if (!config.kubeconfig) {
    // Ctrl-C stops a first start's long builds at once, rather than after them.
    const options = await localClusterOptions(config.stateDir, log, LOCAL_CLUSTER_NAME, signal);
    const wasRunning = await isReachable(localClusterPaths(options).kubeconfig);
    config.kubeconfig = await bringUpLocalCluster(options, log);
    // A cluster started by `npm run cluster:up` outlives this process; one started here stops with it.
    if (!wasRunning) stopCluster = () => stopLocalCluster(options);
    supervisor = await superviseLocalCluster(options, log);
    log('supervising the local control plane: a component that exits is started again');
  }
  try {
    if (!config.dev) await ensureNextBuild(root, log, signal);
    const { runServer } = await import('../../server/main');
    const kubeconfig = config.kubeconfig;
    await runServer(config, signal, async ({ boot }) => {
      if (!seedLabHosts || !kubeconfig) return;
      // In the background: a first build takes a minute or more, and the console is usable meanwhile.
      void registerDemoImage({
        assetsDir: boot.profiles.store.root,
        save: (input) => boot.profiles.save(input, DEMO_SAVED_BY),
        operatorOwns: () => {
          const known = boot.profiles.get(DEMO_PROFILE);
          return known !== undefined && known.profile.updatedBy !== DEMO_SAVED_BY;
        },
        log,
        signal,
      });
      const kc = new KubeConfig();
      kc.loadFromFile(kubeconfig);
      const server = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
      lab = await startLab(kc, {
        stepMs,
        virtualHosts,
        bootUrl: `http://${server.includes(':') ? `[${server}]` : server}:${config.port}/boot.ipxe`,
        signal,
        log,
        // The simulated hosts boot the simulator's profiles; an operator's own profile of a name is kept.
        beforeMachines: async () => {
          await registerSimulatorProfiles(
            boot.profiles.store.root,
            (input) => boot.profiles.save(input, 'lab simulator'),
            { keep: (name) => boot.profiles.get(name) !== undefined },
          );
          log('boot profiles of the lab simulator: preseed, kickstart, cloud-init, wipe (stand-in kernels)');
        },
      });
    });
  } finally {
    await lab?.stop();
    supervisor?.stop();
    if (stopCluster) {
      log('stopping the local cluster (its data is kept; `npm run cluster:down` removes it)');
      await stopCluster();
    }
  }
});
