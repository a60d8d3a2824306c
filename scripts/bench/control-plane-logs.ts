// The throw-away control plane's own logs (kwokctl writes one file per component), for a traced run.
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { goGcCycles, type GoGcCycle } from './go-gc-trace';

/** The folders of the control plane's logs (kwokctl's, one file per component). */
async function controlPlaneLogDirs(clusterStateDir: string): Promise<string[]> {
  const clusters = join(clusterStateDir, 'kwok', 'clusters');
  return (await readdir(clusters)).map((cluster) => join(clusters, cluster, 'logs'));
}

/** The control plane's logs copied into `dir`. */
export async function copyControlPlaneLogs(clusterStateDir: string, dir: string): Promise<void> {
  for (const logs of await controlPlaneLogDirs(clusterStateDir)) {
    for (const file of await readdir(logs)) await copyFile(join(logs, file), join(dir, file));
  }
}

/** kube-apiserver's collections so far (it runs with gctrace under --trace), from its log. */
export async function apiserverGcCycles(clusterStateDir: string): Promise<GoGcCycle[]> {
  const logs = await Promise.all(
    (await controlPlaneLogDirs(clusterStateDir)).map((dir) =>
      readFile(join(dir, 'kube-apiserver.log'), 'utf8'),
    ),
  );
  return logs.flatMap(goGcCycles);
}
