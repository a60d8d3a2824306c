import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testenv/eventually';
import { startDisposableCluster, type DisposableCluster } from '../testenv/restart-control-plane';
import { superviseLocalCluster, type Supervisor } from './supervise-local-cluster';

let cluster: DisposableCluster;
let supervisor: Supervisor;

const pidOf = async (component: string) =>
  Number((await readFile(join(cluster.clusterDir, 'pids', `${component}.pid`), 'utf8')).trim());

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  cluster = await startDisposableCluster();
  supervisor = await superviseLocalCluster(cluster.options, () => undefined);
}, 180_000);

afterAll(async () => {
  supervisor.stop();
  await cluster.remove();
});

describe('Local control plane supervision', () => {
  it(
    'starts the scheduler and the controller manager again when they exit',
    { timeout: 120_000 },
    async () => {
      const before = await Promise.all(['kube-scheduler', 'kube-controller-manager'].map(pidOf));
      for (const pid of before) process.kill(pid, 'SIGKILL');
      await eventually(async () => {
        const after = await Promise.all(['kube-scheduler', 'kube-controller-manager'].map(pidOf));
        expect(after.every((pid, i) => pid !== before[i] && alive(pid))).toBe(true);
      }, 60_000);
      expect(supervisor.restarts.get('kube-scheduler')).toBe(1);
      expect(supervisor.restarts.get('kube-controller-manager')).toBe(1);
      // And the restarted scheduler schedules again.
      const core = cluster.kc.makeApiClient(CoreV1Api);
      // Refused until the restarted controller manager has made the namespace's default ServiceAccount.
      await eventually(async () => {
        await core.createNamespacedPod({
          namespace: 'default',
          body: {
            metadata: { name: 'after-restart' },
            spec: { containers: [{ name: 'c', image: 'example.invalid/pause' }] },
          },
        });
      }, 60_000);
      await eventually(async () => {
        const pod = await core.readNamespacedPod({ name: 'after-restart', namespace: 'default' });
        expect(pod.spec?.nodeName).toBeTruthy();
      }, 60_000);
    },
  );
});
