// Server processes run as the Deployment's replicas run them: the compiled server, one API server, one
// PostgreSQL, the controllers' Lease with short timings, and each process's API server calls recorded
// so that a test can tell which replica wrote what.
import type { KubeConfig, V1Lease } from '@kubernetes/client-node';
import { kubeGetJson, kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath } from '../../server/kube/resource';
import { plunderClusterResource } from '../../server/types/crds';
import { readKubeCalls, recordKubeCallsEnv, type KubeCall } from './kube-call-log';
import { reconcileCounts } from './reconcile-counts';
import { startServerProcess, type ServerProcess } from './server-process';

/** Lease timings under which a test sees a takeover within seconds (the defaults take 15 s). */
export const SHORT_LEASE = { duration: 4000, renew: 3000, retry: 500 };

export const SHORT_LEASE_ENV = {
  RACKPILOT_LEASE_DURATION_MS: String(SHORT_LEASE.duration),
  RACKPILOT_LEASE_RENEW_DEADLINE_MS: String(SHORT_LEASE.renew),
  RACKPILOT_LEASE_RETRY_PERIOD_MS: String(SHORT_LEASE.retry),
};

const LEASE_PATH = '/apis/coordination.k8s.io/v1/namespaces/rackpilot-system/leases/rackpilot-controllers';

export interface Replica extends ServerProcess {
  /** The API server calls this replica has made so far. */
  calls(): Promise<KubeCall[]>;
}

/** Starts the compiled server (`build`, from ensureServerBuild) as one replica, recording to `callsFile`. */
export async function startReplica(
  kc: KubeConfig,
  build: string,
  callsFile: string,
  env: Record<string, string> = {},
): Promise<Replica> {
  const server = await startServerProcess(
    { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl: process.env.DATABASE_URL ?? '' },
    {
      extraEnv: { ...SHORT_LEASE_ENV, ...recordKubeCallsEnv(kc, callsFile), ...env },
      command: { build },
    },
  );
  return { ...server, calls: () => readKubeCalls(callsFile) };
}

export interface LeaseHolder {
  /** The pid in the holder's identity (`<hostname>-<pid>`). */
  pid: number;
  /** When the holder took the Lease, epoch milliseconds (it wrote acquireTime from its own clock). */
  acquiredAt: number;
}

/** The controllers' Lease as it stands now. */
export async function leaseHolder(kc: KubeConfig): Promise<LeaseHolder> {
  const lease = await kubeGetJson<V1Lease>(kc, LEASE_PATH);
  const acquireTime = lease.spec?.acquireTime as Date | string | undefined;
  return {
    pid: Number(/-(\d+)$/.exec(lease.spec?.holderIdentity ?? '')?.[1]),
    acquiredAt: acquireTime === undefined ? NaN : new Date(acquireTime).getTime(),
  };
}

/** Reconciles a replica has run, of one controller or all, from its own /api/metrics. */
export async function reconciles(replica: ServerProcess, controller?: string): Promise<number> {
  return (await reconcileCounts(replica.url))
    .filter((series) => !controller || series.controller === controller)
    .reduce((sum, series) => sum + series.count, 0);
}

export function createPlunderCluster(kc: KubeConfig, namespace: string, name: string): Promise<unknown> {
  return kubeRequestJson(kc, collectionPath(plunderClusterResource, namespace), {
    method: 'POST',
    body: {
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
      kind: 'PlunderCluster',
      metadata: { name, namespace },
      spec: {},
    },
  });
}

/** Whether the PlunderCluster controller has written the cluster's status. */
export async function isReconciled(kc: KubeConfig, namespace: string, name: string): Promise<boolean> {
  const cluster = await kubeGetJson<{ status?: object }>(
    kc,
    `${collectionPath(plunderClusterResource, namespace)}/${name}`,
  );
  return Object.keys(cluster.status ?? {}).length > 0;
}
