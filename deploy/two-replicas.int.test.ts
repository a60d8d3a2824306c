// Two server processes on one API server and one PostgreSQL, as the Deployment's two replicas run:
// only the holder of the controllers' Lease reconciles; `kill -9` of the holder hands the Lease to the
// other within the lease duration, which then reconciles what is created after the kill; a session
// made on one replica is valid on the other. Runs the compiled server (tools/build/build-server.mjs),
// so the pid killed is the server's own.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { KubeConfig, type V1Lease } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNamespace } from '../server/kube/ensure-namespace';
import { kubeGetJson, kubeRequestJson } from '../server/kube/kube-request';
import { collectionPath } from '../server/kube/resource';
import { plunderClusterResource } from '../server/types/crds';
import { ensureServerBuild } from '../tools/build/build-server.mjs';
import { consoleClient, signInAsAdmin } from '../tools/testenv/console-client';
import { eventually } from '../tools/testenv/eventually';
import { reconcileCounts } from '../tools/testenv/reconcile-counts';
import { startServerProcess, type ServerProcess } from '../tools/testenv/server-process';

const root = fileURLToPath(new URL('..', import.meta.url));
const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `two-replicas-${randomBytes(3).toString('hex')}`;
const LEASE = { duration: 4000, renew: 3000, retry: 500 };
const LEASE_PATH = '/apis/coordination.k8s.io/v1/namespaces/rackpilot-system/leases/rackpilot-controllers';
let replicas: ServerProcess[] = [];

/** Reconciles a replica has run, of one controller or all, from its own /api/metrics. */
async function reconciles(replica: ServerProcess, controller?: string): Promise<number> {
  return (await reconcileCounts(replica.url))
    .filter((series) => !controller || series.controller === controller)
    .reduce((sum, series) => sum + series.count, 0);
}

async function holderPid(): Promise<number | undefined> {
  const lease = await kubeGetJson<V1Lease>(kc, LEASE_PATH);
  return Number(/-(\d+)$/.exec(lease.spec?.holderIdentity ?? '')?.[1]);
}

function createCluster(name: string): Promise<unknown> {
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

async function hasStatus(name: string): Promise<boolean> {
  const cluster = await kubeGetJson<{ status?: object }>(
    kc,
    `${collectionPath(plunderClusterResource, namespace)}/${name}`,
  );
  return Object.keys(cluster.status ?? {}).length > 0;
}

beforeAll(async () => {
  await ensureNamespace(kc, namespace);
  const build = await ensureServerBuild(root, () => undefined);
  const env = {
    RACKPILOT_LEASE_DURATION_MS: String(LEASE.duration),
    RACKPILOT_LEASE_RENEW_DEADLINE_MS: String(LEASE.renew),
    RACKPILOT_LEASE_RETRY_PERIOD_MS: String(LEASE.retry),
  };
  for (let i = 0; i < 2; i++) {
    replicas.push(
      await startServerProcess(
        { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl: process.env.DATABASE_URL ?? '' },
        { extraEnv: env, command: { build } },
      ),
    );
  }
}, 240_000);

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  replicas = [];
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' }).catch(() => undefined);
});

describe('two replicas', () => {
  it('only the Lease holder reconciles', async () => {
    // A Lease left by an earlier test's server expires first (its own duration, up to 15 s).
    const leaderPid = await eventually(
      async () => {
        const pid = await holderPid();
        expect(replicas.map((replica) => replica.pid)).toContain(pid);
        return pid;
      },
      30_000,
      200,
    );
    await createCluster('before-kill');
    await eventually(async () => expect(await hasStatus('before-kill')).toBe(true), 30_000, 200);
    for (const replica of replicas) {
      const count = await reconciles(replica);
      if (replica.pid === leaderPid) expect(count).toBeGreaterThan(0);
      else expect(count).toBe(0);
    }
  }, 60_000);

  it('kill -9 of the holder: the other takes the Lease within the lease duration and reconciles', async () => {
    const leaderPid = await holderPid();
    const leader = replicas.find((replica) => replica.pid === leaderPid);
    const survivor = replicas.find((replica) => replica.pid !== leaderPid);
    if (!leader || !survivor) throw new Error('no leader among the replicas');
    const session = await signInAsAdmin(leader.url);

    process.kill(leader.pid, 'SIGKILL');
    const killedAt = Date.now();
    await createCluster('after-kill');
    await eventually(async () => expect(await holderPid()).toBe(survivor.pid), 30_000, 100);
    const takenOverMs = Date.now() - killedAt;
    // The Lease is honoured for its duration after the last renewal, then the next retry takes it.
    expect(takenOverMs).toBeLessThan(LEASE.duration + 2 * LEASE.retry + 1000);
    await eventually(async () => expect(await hasStatus('after-kill')).toBe(true), 30_000, 100);
    expect(await reconciles(survivor, 'plunder-cluster')).toBeGreaterThan(0);

    // The session made on the killed replica lives in PostgreSQL: the survivor honours it.
    const onSurvivor = consoleClient(survivor.url, session.cookie);
    expect((await onSurvivor.query<{ username: string }>('access.me')).data).toMatchObject({
      username: 'admin',
    });
  }, 90_000);
});
