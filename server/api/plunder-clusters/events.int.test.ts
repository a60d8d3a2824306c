// plunderClusters.events through the real server: the cluster's own events and its machines', each
// machine's named in its note, and none of another cluster's machines in the same namespace.
import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig, type KubernetesObject } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type ConsoleClient } from '../../../tools/testenv/console-client';
import { eventually } from '../../../tools/testenv/eventually';
import { type ServerProcess, startConsoleServer } from '../../../tools/testenv/server-process';
import { EventRecorder } from '../../kube/events';
import { kubeGetJson } from '../../kube/kube-request';
import { collectionPath } from '../../kube/resource';
import type { ProvisionOutcome } from '../../schemas/provision-form';
import { plunderClusterResource, plunderMachineResource } from '../../types/crds';
import type { EventView } from '../object-events';

const kc = new KubeConfig();
kc.loadFromDefault();
const run = randomBytes(3).toString('hex');
const namespace = `plunder-events-${run}`;
const mac = (index: number) =>
  `02:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:0e:${index.toString(16).padStart(2, '0')}`;
const recorder = new EventRecorder(kc, 'rackpilot.io/events-test', `events-test-${run}`);
let server: ServerProcess;
let admin: ConsoleClient;

const stored = (path: string) => kubeGetJson<KubernetesObject>(kc, path);
const machinePath = (name: string) => `${collectionPath(plunderMachineResource, namespace)}/${name}`;

async function provision(name: string, macs: string[]): Promise<void> {
  const outcome = await admin.mutate<ProvisionOutcome>('hardware.provision', {
    macs,
    namespace,
    cluster: { mode: 'new', cluster: { name, subnet: name === 'seen' ? '10.41.0.0/24' : '10.42.0.0/24' } },
    role: 'worker',
    hostname: name,
  });
  expect(outcome.data?.status).toBe('created');
}

beforeAll(async () => {
  // No controllers: the only events are the ones this test writes.
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
});

afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
  await server.stop();
});

describe('plunderClusters.events', () => {
  it("lists the cluster's events and its machines' by name, not another cluster's machines", async () => {
    await provision('seen', [mac(1), mac(2)]);
    await provision('other', [mac(3)]);
    const cluster = await stored(`${collectionPath(plunderClusterResource, namespace)}/seen`);
    const write = async (object: KubernetesObject, note: string) =>
      recorder.record(object, { type: 'Normal', reason: 'Tested', note, action: 'Test' });
    await write(cluster, 'cluster event');
    await write(await stored(machinePath('seen-1')), 'first machine event');
    await write(await stored(machinePath('seen-2')), 'second machine event');
    await write(await stored(machinePath('other')), 'not this cluster');
    const notes = await eventually(async () => {
      const events = await admin.query<EventView[]>('plunderClusters.events', { namespace, name: 'seen' });
      const found = (events.data ?? []).map((event) => event.note).sort();
      expect(found).toHaveLength(3);
      return found;
    });
    expect(notes).toEqual(['cluster event', 'seen-1: first machine event', 'seen-2: second machine event']);
  });
});
