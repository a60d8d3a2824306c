import { log, runCli } from '../../server/cli';
import { deleteLocalCluster } from '../../tools/controlplane/local-cluster';
import { localClusterOptions, stateDirFromEnv } from '../../tools/controlplane/local-environment';

runCli(async () => {
  const options = await localClusterOptions(stateDirFromEnv(), log);
  await deleteLocalCluster(options);
  log('local cluster stopped and its data removed');
});
