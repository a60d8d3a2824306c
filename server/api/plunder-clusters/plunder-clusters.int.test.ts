// A Plunder cluster's events and its delete through the real server. Events: the cluster's own and its
// machines', each machine's named in its note, none of another cluster's. Delete: a cluster made by
// click-to-provision goes with its machines and their address leases; one that does not exist is
// refused; both are audited as they went.
import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig, type KubernetesObject } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../../tools/testenv/console-client';
import { eventually } from '../../../tools/testenv/eventually';
import { type ServerProcess, startConsoleServer } from '../../../tools/testenv/server-process';
import { EventRecorder } from '../../kube/events';
import { kubeGetJson } from '../../kube/kube-request';
import { collectionPath } from '../../kube/resource';
import type { ProvisionOutcome } from '../../schemas/provision-form';
import { plunderClusterResource, plunderMachineResource } from '../../types/crds';
import type { AuditRow } from '../access/audit-query';
import type { EventView } from '../object-events';

const kc = new KubeConfig();
kc.loadFromDefault();
const run = randomBytes(3).toString('hex');
const namespace = `plunder-del-${run}`;
const mac = (index: number) =>
  `02:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:0d:${index.toString(16).padStart(2, '0')}`;
let server: ServerProcess;
let admin: ConsoleClient;

const names = async (path: string) =>
  (await kubeGetJson<{ items: { metadata: { name?: string } }[] }>(kc, path)).items.map(
    (item) => item.metadata.name,
  );
const machineNames = () => names(collectionPath(plunderMachineResource, namespace));
const clusterNames = () => names(collectionPath(plunderClusterResource, namespace));

async function auditRows(): Promise<AuditRow[]> {
  const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'plunderClusters.delete' });
  return (audit.data?.rows ?? []).filter((row) => row.target?.startsWith(`${namespace}/`)).reverse();
}

beforeAll(async () => {
  // No controllers: nothing finalizes, so what the delete asks for is what the API server did, and the
  // only events are the ones this file writes.
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  for (const [name, subnet, macs] of [
    ['gone', '10.31.0.0/24', [mac(1), mac(2)]],
    ['kept', '10.32.0.0/24', [mac(3)]],
  ] as const) {
    const outcome = await admin.mutate<ProvisionOutcome>('hardware.provision', {
      macs: [...macs],
      namespace,
      cluster: { mode: 'new', cluster: { name, subnet } },
      role: 'worker',
      hostname: name,
    });
    expect(outcome.data?.status).toBe('created');
  }
});

afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
  await server.stop();
});

describe('plunderClusters.events', () => {
  it("lists the cluster's events and its machines' by name, not another cluster's machines", async () => {
    const recorder = new EventRecorder(kc, 'rackpilot.io/events-test', `events-test-${run}`);
    const stored = (resource: typeof plunderClusterResource | typeof plunderMachineResource, name: string) =>
      kubeGetJson<KubernetesObject>(kc, `${collectionPath(resource, namespace)}/${name}`);
    for (const [object, note] of [
      [await stored(plunderClusterResource, 'gone'), 'cluster event'],
      [await stored(plunderMachineResource, 'gone-1'), 'first machine event'],
      [await stored(plunderMachineResource, 'gone-2'), 'second machine event'],
      [await stored(plunderMachineResource, 'kept'), 'not this cluster'],
    ] as const) {
      await recorder.record(object, { type: 'Normal', reason: 'Tested', note, action: 'Test' });
    }
    const notes = await eventually(async () => {
      const events = await admin.query<EventView[]>('plunderClusters.events', { namespace, name: 'gone' });
      const found = (events.data ?? []).map((event) => event.note).sort();
      expect(found).toHaveLength(3);
      return found;
    });
    expect(notes).toEqual(['cluster event', 'gone-1: first machine event', 'gone-2: second machine event']);
  });
});

describe('plunderClusters.delete', () => {
  it('deletes the PlunderMachines, then the PlunderCluster, and leaves other clusters alone', async () => {
    expect(await machineNames()).toEqual(['gone-1', 'gone-2', 'kept']);

    const deleted = await admin.mutate('plunderClusters.delete', { namespace, name: 'gone' });
    expect(deleted.data).toEqual({ status: 'deleting', machines: 2 });
    await eventually(async () => {
      expect(await machineNames()).toEqual(['kept']);
      expect(await clusterNames()).toEqual(['kept']);
    });
  });

  it('refuses a cluster that does not exist, naming it, and a viewer', async () => {
    const missing = await admin.mutate('plunderClusters.delete', { namespace, name: 'nowhere' });
    expect(missing.error).toMatchObject({
      code: 'NOT_FOUND',
      message: `No Plunder cluster ${namespace}/nowhere: it may have been deleted`,
    });
    const viewer = await signInAsNew(admin, `viewer-${run}`, 'viewer');
    const refused = await viewer.mutate('plunderClusters.delete', { namespace, name: 'kept' });
    expect(refused.error?.code).toBe('FORBIDDEN');
    expect(await clusterNames()).toEqual(['kept']);
  });

  it('audits each delete with its target and what happened', async () => {
    const result = (target: string) =>
      auditRows().then((rows) => rows.filter((row) => row.target === `${namespace}/${target}`));
    expect((await result('gone')).map((row) => row.result)).toEqual(['ok']);
    expect((await result('nowhere')).map((row) => row.result)).not.toContain('ok');
    expect(await result('nowhere')).toHaveLength(1);
  });
});
