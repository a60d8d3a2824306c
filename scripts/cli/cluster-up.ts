import { log, runCli } from '../../server/cli';
import { ensureKubectl } from '../../tools/controlplane/control-plane-binaries';
import {
  bringUpLocalCluster,
  localClusterOptions,
  stateDirFromEnv,
} from '../../tools/controlplane/local-environment';

runCli(async () => {
  if (process.env.KUBECONFIG) {
    log(`KUBECONFIG is set (${process.env.KUBECONFIG}): using that cluster, no local one is started`);
    return;
  }
  const options = await localClusterOptions(stateDirFromEnv(), log);
  const kubeconfig = await bringUpLocalCluster(options, log);
  const kubectl = await ensureKubectl(log);
  log(`local cluster is up; use it with: ${kubectl} --kubeconfig ${kubeconfig} get nodes`);
});
