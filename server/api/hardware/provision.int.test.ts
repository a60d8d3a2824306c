// Provisioning through the real server: checks before anything is written (the boot profile among
// them), then the PlunderCluster, PlunderMachines and address leases; a create the API server refuses
// leaves nothing behind.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBootProfile } from '../../boot/boot-profiles';
import { STANDALONE_ANNOTATION } from '../../boot/machine-facts';
import { createDbClient } from '../../db/client';
import { SIMULATOR_IMAGE_PROFILE } from '../../../tools/lab/simulator-boot-profiles';
import { signInAsAdmin, type ConsoleClient } from '../../../tools/testenv/console-client';
import { type ServerProcess, startConsoleServer } from '../../../tools/testenv/server-process';
import { kubeRequestJson } from '../../kube/kube-request';
import { collectionPath } from '../../kube/resource';
import type { ProvisionFormValues, ProvisionOutcome } from '../../schemas/provision-form';
import {
  plunderClusterResource,
  plunderMachineResource,
  type PlunderCluster,
  type PlunderMachine,
} from '../../types/crds';

const kc = new KubeConfig();
kc.loadFromDefault();
const run = randomBytes(3).toString('hex');
const namespace = `provision-${run}`;
/** A profile saved with files that the server's asset store does not have: listed, not usable. */
const unusable = `gone-${run}`;
let server: ServerProcess;
let admin: ConsoleClient;

/** A MAC no other test uses: the run's bytes, then the index. */
const mac = (index: number) =>
  `02:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:00:${index.toString(16).padStart(2, '0')}`;

const provision = async (input: ProvisionFormValues) =>
  (await admin.mutate<ProvisionOutcome>('hardware.provision', input)).data;

async function machines(ns: string): Promise<PlunderMachine[]> {
  return (await kubeRequestJson<{ items: PlunderMachine[] }>(kc, collectionPath(plunderMachineResource, ns)))
    .items;
}

async function leases(pool: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const rows = await db.query<{ ip: string }>('SELECT ip FROM ip_leases WHERE pool = $1 ORDER BY ip', [
      pool,
    ]);
    return rows.rows.map((row) => row.ip);
  } finally {
    await db.end();
  }
}

/** Saves `unusable` from a folder of its own, then removes the folder: the row names missing files. */
async function saveUnusableProfile(): Promise<void> {
  const elsewhere = await mkdtemp(join(tmpdir(), 'rackpilot-provision-'));
  const db = createDbClient(process.env.DATABASE_URL ?? '');
  try {
    await mkdir(join(elsewhere, unusable));
    await writeFile(join(elsewhere, unusable, 'vmlinuz'), 'kernel');
    await writeFile(join(elsewhere, unusable, 'initrd.img'), 'initrd');
    await saveBootProfile(db, elsewhere, {
      name: unusable,
      installer: 'preseed',
      kernel: `${unusable}/vmlinuz`,
      initrds: [`${unusable}/initrd.img`],
    });
  } finally {
    await db.$disconnect();
    await rm(elsewhere, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  await saveUnusableProfile();
  // No controllers: the machines created here must not be acted on.
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
});

afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
  await server.stop();
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query('DELETE FROM boot_profiles WHERE name = $1', [unusable]).finally(() => db.end());
});

describe('hardware.provision', () => {
  it('creates a new cluster and one machine per MAC, each with an address from the pool', async () => {
    const outcome = await provision({
      macs: [mac(1), mac(2)],
      namespace,
      cluster: {
        mode: 'new',
        cluster: { name: 'rack', subnet: '10.20.0.0/24', poolStart: '10.20.0.10', poolEnd: '10.20.0.12' },
      },
      role: 'worker',
      hostname: 'node',
    });
    expect(outcome).toMatchObject({
      status: 'created',
      cluster: { namespace, name: 'rack', created: true },
      machines: [
        { name: 'node-1', mac: mac(1), ip: '10.20.0.10' },
        { name: 'node-2', mac: mac(2), ip: '10.20.0.11' },
      ],
    });
    const cluster = await kubeRequestJson<PlunderCluster>(
      kc,
      `${collectionPath(plunderClusterResource, namespace)}/rack`,
    );
    expect(cluster.spec).toMatchObject({
      subnet: '10.20.0.0/24',
      ipPool: { start: '10.20.0.10', end: '10.20.0.12' },
    });
    expect(
      (await machines(namespace)).map((m) => [m.metadata.name, m.spec.macaddress, m.spec.ipaddress]),
    ).toEqual([
      ['node-1', mac(1), '10.20.0.10'],
      ['node-2', mac(2), '10.20.0.11'],
    ]);
    // No Cluster API here: the machines opt out of waiting for an owner Machine, so they provision.
    expect((await machines(namespace)).map((m) => m.metadata.annotations?.[STANDALONE_ANNOTATION])).toEqual([
      'true',
      'true',
    ]);
    expect(await leases(`${namespace}/rack`)).toEqual(['10.20.0.10', '10.20.0.11']);
  });

  it.each([
    {
      name: 'a MAC another machine holds',
      input: { macs: [mac(1)], cluster: { mode: 'existing', name: 'rack' } },
      field: 'macs.0',
      message: `${mac(1)} is already used by PlunderMachine ${namespace}/node-1`,
    },
    {
      name: 'a machine name already taken',
      input: { macs: [mac(3)], cluster: { mode: 'existing', name: 'rack' }, hostname: 'node-2' },
      field: 'hostname',
      message: `A PlunderMachine named node-2 already exists in namespace ${namespace}`,
    },
    {
      name: 'a cluster that does not exist',
      input: { macs: [mac(3)], cluster: { mode: 'existing', name: 'nowhere' } },
      field: 'cluster.name',
      message: `No PlunderCluster nowhere in namespace ${namespace}`,
    },
    {
      name: 'an address outside the cluster',
      input: { macs: [mac(3)], cluster: { mode: 'existing', name: 'rack' }, ip: '10.99.0.1' },
      field: 'ip',
    },
    {
      name: 'an address another machine holds',
      input: { macs: [mac(3)], cluster: { mode: 'existing', name: 'rack' }, ip: '10.20.0.10' },
      field: 'ip',
      message: `10.20.0.10 is already given to ${namespace}/node-1`,
    },
    {
      name: 'a boot profile that does not exist',
      input: { macs: [mac(3)], cluster: { mode: 'existing', name: 'rack' }, profile: `nowhere-${run}` },
      field: 'profile',
      message: `no boot profile named nowhere-${run} (bootProfiles.list shows them)`,
    },
    {
      name: 'the wipe profile, which installs nothing',
      input: { macs: [mac(3)], cluster: { mode: 'existing', name: 'rack' }, profile: 'wipe' },
      field: 'profile',
      message: 'boot profile wipe wipes disks, it installs nothing',
    },
    {
      name: 'a boot profile whose files are missing',
      input: { macs: [mac(3)], cluster: { mode: 'existing', name: 'rack' }, profile: unusable },
      field: 'profile',
    },
    {
      name: 'more machines than free addresses',
      input: { macs: [mac(3), mac(4)], cluster: { mode: 'existing', name: 'rack' } },
      field: 'ip',
      message: 'The pool has 1 free address(es) for 2 machine(s)',
    },
  ] as const)('refuses $name at its field, creating nothing', async ({ input, field, ...expected }) => {
    const names = async () => (await machines(namespace)).map((m) => m.metadata.name);
    const before = await names();
    const outcome = await provision({ namespace, role: 'worker', ...input, macs: [...input.macs] });
    expect(outcome?.status).toBe('rejected');
    if (outcome?.status !== 'rejected') return;
    expect(Object.keys(outcome.fieldErrors)).toEqual([field]);
    if ('message' in expected) expect(outcome.fieldErrors[field]).toBe(expected.message);
    // A refused profile is named in the message.
    if ('profile' in input) expect(outcome.fieldErrors[field]).toContain(input.profile);
    expect(await names()).toEqual(before);
    expect(await leases(`${namespace}/rack`)).toEqual(['10.20.0.10', '10.20.0.11']);
  });

  it('names the missing file of an unusable profile, and creates nothing with a new cluster either', async () => {
    const outcome = await provision({
      macs: [mac(8)],
      namespace,
      cluster: { mode: 'new', cluster: { name: 'unusable', subnet: '10.25.0.0/24' } },
      role: 'worker',
      profile: unusable,
    });
    expect(outcome).toMatchObject({
      status: 'rejected',
      fieldErrors: {
        profile: expect.stringMatching(
          new RegExp(`^boot profile ${unusable} is not usable: .*${unusable}/vmlinuz is missing`),
        ) as string,
      },
    });
    const clusters = await kubeRequestJson<{ items: PlunderCluster[] }>(
      kc,
      collectionPath(plunderClusterResource, namespace),
    );
    expect(clusters.items.map((cluster) => cluster.metadata.name)).toEqual(['rack']);
    expect(await leases(`${namespace}/unusable`)).toEqual([]);
  });

  it('provisions with an image profile named in the table', async () => {
    const outcome = await provision({
      macs: [mac(9)],
      namespace,
      cluster: { mode: 'new', cluster: { name: 'imaging', subnet: '10.26.0.0/24' } },
      role: 'worker',
      hostname: 'imaged',
      profile: SIMULATOR_IMAGE_PROFILE,
    });
    expect(outcome?.status).toBe('created');
    const machine = await kubeRequestJson<PlunderMachine>(
      kc,
      `${collectionPath(plunderMachineResource, namespace)}/imaged`,
    );
    expect(machine.spec.deploymentType).toBe(SIMULATOR_IMAGE_PROFILE);
  });

  it('refuses a namespace that does not exist', async () => {
    const outcome = await provision({
      macs: [mac(5)],
      namespace: `${namespace}-missing`,
      cluster: { mode: 'new', cluster: { name: 'rack', subnet: '10.21.0.0/24' } },
      role: 'worker',
    });
    expect(outcome).toMatchObject({
      status: 'rejected',
      fieldErrors: { namespace: `Namespace ${namespace}-missing does not exist` },
    });
  });

  it('gives back the addresses and creates nothing when the API server refuses a create', async () => {
    // A namespace held in Terminating by a finalizer: it exists, but refuses new objects.
    const closing = `${namespace}-closing`;
    await kubeRequestJson(kc, '/api/v1/namespaces', {
      method: 'POST',
      body: { metadata: { name: closing } },
    });
    await kubeRequestJson(kc, `/api/v1/namespaces/${closing}/configmaps`, {
      method: 'POST',
      body: { metadata: { name: 'hold', finalizers: ['test.rackpilot.io/hold'] } },
    });
    await kubeRequestJson(kc, `/api/v1/namespaces/${closing}`, { method: 'DELETE' });
    try {
      const outcome = await provision({
        macs: [mac(6), mac(7)],
        namespace: closing,
        cluster: { mode: 'new', cluster: { name: 'rack', subnet: '10.22.0.0/24' } },
        role: 'worker',
      });
      expect(outcome).toMatchObject({
        status: 'rejected',
        message: expect.stringMatching(/^Nothing was created: /) as string,
      });
      expect(await machines(closing)).toEqual([]);
      expect(await leases(`${closing}/rack`)).toEqual([]);
    } finally {
      await kubeRequestJson(kc, `/api/v1/namespaces/${closing}/configmaps/hold`, {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        body: { metadata: { finalizers: null } },
      });
    }
  });
});
