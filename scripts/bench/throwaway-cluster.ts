// What every benchmark here starts from: a local control plane of its own with Rackpilot's CRDs,
// removed afterwards, and a helper to write many objects with bounded concurrency.
import { mkdtemp, rm } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { installCrds, readCrdFiles } from '../../server/kube/install-crds';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { deleteLocalCluster } from '../../tools/controlplane/local-cluster';
import { bringUpLocalCluster, localClusterOptions } from '../../tools/controlplane/local-environment';

export interface ThrowawayCluster {
  kc: KubeConfig;
  kubeconfig: string;
  /** Marks the control plane's processes on their command lines (for the CPU figures). */
  stateDir: string;
}

export function benchLog(line: string): void {
  console.log(`[bench] ${line}`);
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
export async function inBatches<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/**
 * Runs `measure` on a fresh local control plane with the CRDs installed and `namespaces` created;
 * `traceApiserverGc` has kube-apiserver log its collections (local-cluster.ts).
 */
export async function withThrowawayCluster<T>(
  namespaces: string | readonly string[],
  measure: (cluster: ThrowawayCluster) => Promise<T>,
  { traceApiserverGc = false }: { traceApiserverGc?: boolean } = {},
): Promise<T> {
  const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-bench-'));
  const options = {
    ...(await localClusterOptions(stateDir, benchLog, `bench-${process.pid}`)),
    disableQpsLimits: true,
    traceApiserverGc,
  };
  const remove = async () => {
    await deleteLocalCluster(options).catch(() => undefined);
    await rm(stateDir, { recursive: true, force: true });
  };
  // kwokctl starts the control plane detached: a benchmark stopped by a signal (Ctrl-C, a timeout's
  // kill) would otherwise leave its kube-apiserver and etcd running with their folder gone.
  const onSignal = (signal: NodeJS.Signals) => {
    benchLog(`${signal}: removing the control plane ${options.name}`);
    void remove().finally(() => process.exit(128 + constants.signals[signal]));
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.once(signal, onSignal);
  try {
    const kubeconfig = await bringUpLocalCluster(options, benchLog);
    const kc = new KubeConfig();
    kc.loadFromFile(kubeconfig);
    await installCrds(kc, await readCrdFiles('crds'));
    await inBatches([namespaces].flat(), 16, (name) =>
      kubeRequestJson(kc, '/api/v1/namespaces', {
        method: 'POST',
        body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
      }),
    );
    return await measure({ kc, kubeconfig, stateDir });
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    await remove();
  }
}
