// The PlunderMachine controller on the real control plane and PostgreSQL: a machine no Cluster API
// Machine owns waits, as upstream's provider does, and goes on once a real Machine owns it (Cluster API's
// Machine CRD is installed from our stand-in when absent; no Cluster API controller runs, so the test
// sets the ownerReference as CAPI's Machine controller does) or once it opts out of the contract.
import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControllerHarness } from '../../../tools/testenv/controller-harness';
import { startPlunderControllers } from '../../../tools/testenv/plunder-harness';
import { eventually } from '../../../tools/testenv/eventually';
import { freePort } from '../../../tools/testenv/free-port';
import { stopBootService, type BootService } from '../../boot/boot-service';
import { HardwareDb } from '../../boot/hardware-db';
import { STANDALONE_ANNOTATION } from '../../boot/machine-facts';
import { createDbClient, type DbClient } from '../../db/client';
import { installCrds, readCrdFiles } from '../../kube/install-crds';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import { collectionPath } from '../../kube/resource';
import { plunderMachineResource, type PlunderMachine } from '../../types/crds';

const kc = new KubeConfig();
kc.loadFromDefault();
const run = randomBytes(3).toString('hex');
const namespace = `plunder-owner-${run}`;
/** A MAC unique to this run that never boots: the machine can only wait for it. */
const mac = `02:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:09:00`;

const MACHINE_CRD_DIR = new URL('../../../tests/fixtures/cluster-api/', import.meta.url).pathname;
const MACHINE_CRD = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/machines.cluster.x-k8s.io';
const machinesPath = `/apis/cluster.x-k8s.io/v1beta1/namespaces/${namespace}/machines`;

let db: DbClient;
/** Whether this file installed the Machine CRD, and so removes it again. */
let installedMachineCrd = false;
let harness: ControllerHarness;
let boot: BootService;

async function machines(): Promise<PlunderMachine[]> {
  return (
    await kubeGetJson<{ items: PlunderMachine[] }>(kc, collectionPath(plunderMachineResource, namespace))
  ).items;
}

async function deleteMachine(name: string): Promise<void> {
  await kubeRequestJson(kc, `${collectionPath(plunderMachineResource, namespace)}/${name}`, {
    method: 'DELETE',
  });
}

beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  const outcomes = await installCrds(kc, await readCrdFiles(MACHINE_CRD_DIR));
  installedMachineCrd = outcomes.some((outcome) => outcome.outcome === 'installed');
  db = createDbClient(process.env.DATABASE_URL ?? '');
  const started = await startPlunderControllers(kc, { db, bootUrl: `http://127.0.0.1:${await freePort()}` });
  harness = started;
  boot = started.boot;
}, 120_000);

afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
  if (installedMachineCrd) await kubeRequestJson(kc, MACHINE_CRD, { method: 'DELETE' });
  await stopBootService(boot);
  await harness.stop();
  await db.$disconnect();
}, 120_000);

describe('PlunderMachine and the Cluster API contract', () => {
  it('a PlunderMachine no Machine owns waits, says so in its Ready condition, and claims nothing', async () => {
    await kubeRequestJson(kc, collectionPath(plunderMachineResource, namespace), {
      method: 'POST',
      body: {
        apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
        kind: 'PlunderMachine',
        metadata: { name: 'orphan', namespace },
        spec: { macaddress: mac, ipaddress: '10.77.3.10' },
      },
    });
    const path = `${collectionPath(plunderMachineResource, namespace)}/orphan`;
    const waiting = await eventually(async () => {
      const machine = await kubeGetJson<PlunderMachine>(kc, path);
      expect(machine.status?.conditions?.[0]?.reason).toBe('WaitingForOwnerMachine');
      return machine;
    });
    expect(waiting.status).toMatchObject({ ready: false, phase: 'Waiting' });
    expect(waiting.status?.conditions?.[0]).toMatchObject({ type: 'Ready', status: 'False' });
    expect(waiting.status?.conditions?.[0]?.message).toContain('waiting for a Cluster API Machine to own it');
    // No address taken and no hardware claimed while it waits.
    expect(waiting.status?.ipaddress).toBeUndefined();
    expect(await new HardwareDb(db).claims.claimOf(waiting.metadata.uid ?? '')).toBeUndefined();

    // Opting out of the contract (what the console does without Cluster API) lets it go on.
    await kubeRequestJson(kc, path, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { metadata: { annotations: { [STANDALONE_ANNOTATION]: 'true' } } },
    });
    await eventually(async () => {
      const machine = await kubeGetJson<PlunderMachine>(kc, path);
      expect(machine.status?.ipaddress).toBe('10.77.3.10');
      expect(machine.status?.conditions?.[0]?.reason).toBe('Waiting');
      expect(machine.status?.message).toContain(mac);
    });
    await deleteMachine('orphan');
    await eventually(async () =>
      expect((await machines()).map((m) => m.metadata.name)).not.toContain('orphan'),
    );
  });

  it('a PlunderMachine waits until a real Cluster API Machine owns it, then provisions; it goes with its Machine', async () => {
    const ownedMac = mac.replace(/00$/, '01');
    const path = `${collectionPath(plunderMachineResource, namespace)}/owned`;
    await kubeRequestJson(kc, collectionPath(plunderMachineResource, namespace), {
      method: 'POST',
      body: {
        apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
        kind: 'PlunderMachine',
        metadata: { name: 'owned', namespace, labels: { 'cluster.x-k8s.io/cluster-name': 'rp-capi' } },
        spec: { macaddress: ownedMac, ipaddress: '10.77.3.11', deploymentType: 'preseed' },
      },
    });
    await eventually(async () => {
      const machine = await kubeGetJson<PlunderMachine>(kc, path);
      expect(machine.status?.conditions?.[0]?.reason).toBe('WaitingForOwnerMachine');
    });

    // The Machine as a user (or a MachineDeployment) creates it: its infrastructureRef names ours.
    const capiMachine = await kubeRequestJson<{ metadata: { uid: string } }>(kc, machinesPath, {
      method: 'POST',
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Machine',
        metadata: { name: 'owned', namespace, labels: { 'cluster.x-k8s.io/cluster-name': 'rp-capi' } },
        spec: {
          clusterName: 'rp-capi',
          version: 'v1.34.4',
          bootstrap: { dataSecretName: '' },
          infrastructureRef: {
            apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
            kind: 'PlunderMachine',
            name: 'owned',
            namespace,
          },
        },
      },
    });
    const beforeOwnerRef = await kubeGetJson<PlunderMachine>(kc, path);
    expect(beforeOwnerRef.status?.ipaddress).toBeUndefined();
    expect(await new HardwareDb(db).claims.claimOf(beforeOwnerRef.metadata.uid ?? '')).toBeUndefined();

    // What Cluster API's Machine controller does next: it makes the Machine the controller owner.
    await kubeRequestJson(kc, path, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: {
        metadata: {
          ownerReferences: [
            {
              apiVersion: 'cluster.x-k8s.io/v1beta1',
              kind: 'Machine',
              name: 'owned',
              uid: capiMachine.metadata.uid,
              controller: true,
              blockOwnerDeletion: true,
            },
          ],
        },
      },
    });
    await eventually(async () => {
      const machine = await kubeGetJson<PlunderMachine>(kc, path);
      expect(machine.status?.ipaddress).toBe('10.77.3.11');
      expect(machine.status?.conditions?.[0]?.reason).toBe('Waiting');
      expect(machine.status?.message).toContain(ownedMac);
    });

    // Owned for real: deleting the Machine lets the garbage collector delete the PlunderMachine.
    await kubeRequestJson(kc, `${machinesPath}/owned`, {
      method: 'DELETE',
      body: { propagationPolicy: 'Foreground' },
    });
    await eventually(
      async () => expect((await machines()).map((m) => m.metadata.name)).not.toContain('owned'),
      60_000,
    );
  });
});
