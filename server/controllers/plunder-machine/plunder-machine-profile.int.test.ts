// A PlunderMachine whose boot profile cannot be used fails with the reason, on the real control plane
// and PostgreSQL: a name no profile has (UnknownProfile), and a profile whose kernel changed on disk
// after it was saved (ProfileNotReady, naming the file). Its host is given no install script meanwhile.
import { randomBytes } from 'node:crypto';
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControllerHarness } from '../../../tools/testenv/controller-harness';
import { startPlunderControllers } from '../../../tools/testenv/plunder-harness';
import { eventually } from '../../../tools/testenv/eventually';
import { freePort } from '../../../tools/testenv/free-port';
import { stopBootService, type BootService } from '../../boot/boot-service';
import { STANDALONE_ANNOTATION } from '../../boot/machine-facts';
import { createDbClient, type DbClient } from '../../db/client';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import { collectionPath } from '../../kube/resource';
import { plunderMachineResource, type PlunderMachine } from '../../types/crds';

const kc = new KubeConfig();
kc.loadFromDefault();
const run = randomBytes(3).toString('hex');
const namespace = `plunder-profile-${run}`;
const profileName = `t-${run}-kernel`;

let db: DbClient;
let harness: ControllerHarness;
let boot: BootService;

async function machine(name: string): Promise<PlunderMachine> {
  return kubeGetJson<PlunderMachine>(kc, `${collectionPath(plunderMachineResource, namespace)}/${name}`);
}

async function createMachine(name: string, deploymentType: string, ip: string): Promise<void> {
  await kubeRequestJson(kc, collectionPath(plunderMachineResource, namespace), {
    method: 'POST',
    body: {
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
      kind: 'PlunderMachine',
      metadata: { name, namespace, annotations: { [STANDALONE_ANNOTATION]: 'true' } },
      spec: { ipaddress: ip, deploymentType },
    },
  });
}

beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  db = createDbClient(process.env.DATABASE_URL ?? '');
  const started = await startPlunderControllers(kc, {
    db,
    bootUrl: `http://127.0.0.1:${await freePort()}`,
    profileRefreshMs: 500,
  });
  harness = started;
  boot = started.boot;
}, 120_000);

afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
  await db.$executeRawUnsafe('DELETE FROM boot_profiles WHERE name = $1', profileName);
  await stopBootService(boot);
  await harness.stop();
  await db.$disconnect();
}, 120_000);

describe('a PlunderMachine and its boot profile', () => {
  it('fails with UnknownProfile when no profile has the name it gives', async () => {
    await createMachine('unknown', `t-${run}-nowhere`, '10.77.4.10');
    await eventually(async () => {
      const status = (await machine('unknown')).status;
      expect(status?.phase).toBe('Failed');
      expect(status?.failureReason).toBe('UnknownProfile');
      expect(status?.failureMessage).toBe(
        `no boot profile named t-${run}-nowhere (bootProfiles.list shows them)`,
      );
    }, 30_000);
  });

  it('fails with ProfileNotReady, naming the file, when a kernel changed after the save', async () => {
    const root = boot.profiles.store.root;
    await mkdir(join(root, run), { recursive: true });
    await writeFile(join(root, run, 'vmlinuz'), 'kernel as saved');
    await writeFile(join(root, run, 'initrd.img'), 'initrd as saved');
    await boot.profiles.save(
      { name: profileName, installer: 'preseed', kernel: `${run}/vmlinuz`, initrds: [`${run}/initrd.img`] },
      'tests',
    );
    await writeFile(join(root, run, 'vmlinuz'), 'kernel replaced by someone');
    await createMachine('changed', profileName, '10.77.4.11');
    await eventually(async () => {
      const status = (await machine('changed')).status;
      expect(status?.phase).toBe('Failed');
      expect(status?.failureReason).toBe('ProfileNotReady');
      expect(status?.failureMessage).toContain(
        `boot profile ${profileName} is not usable: kernel ${run}/vmlinuz does not match its checksum`,
      );
    }, 30_000);
    expect((await machine('changed')).status?.macaddress).toBeUndefined();
  });
});
