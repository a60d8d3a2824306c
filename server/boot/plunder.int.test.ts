// The boot service and the Plunder controllers against the real control plane and PostgreSQL: sighting
// batching, 50 machines over 20 MACs, the install and wipe round trip, a PostgreSQL restart while hosts
// loop, and a real iPXE client in QEMU. One file, run in order: the hardware table is shared.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BootClient, bootRequest, callbackUrls } from '../../tools/testenv/boot-client';
import type { ControllerHarness } from '../../tools/testenv/controller-harness';
import { startPlunderControllers } from '../../tools/testenv/plunder-harness';
import { eventually } from '../../tools/testenv/eventually';
import { freePort } from '../../tools/testenv/free-port';
import { createMigratedDatabase, type OwnDatabase } from '../../tools/testenv/own-database';
import { createDbClient, type DbClient } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { migrateDatabase } from '../db/migrate';
import { kubeGetJson, kubeRequestJson } from '../kube/kube-request';
import { collectionPath } from '../kube/resource';
import { plunderMachineResource, type PlunderMachine } from '../types/crds';
import { BootService, stopBootService } from './boot-service';
import { STANDALONE_ANNOTATION } from './machine-facts';
import { missingQemu, runQemuIpxe } from '../../tools/testenv/qemu-ipxe';
import { testAssetServer } from '../../tools/testenv/test-asset-server';

const kc = new KubeConfig();
kc.loadFromDefault();
const run = randomBytes(3).toString('hex');
const namespace = `plunder-${run}`;
/** Locally administered MACs unique to this run: 02:<run>:<index>. */
/** The QEMU virtual machine's MAC (QEMU's 52:54:00 prefix). */
const qemuMac = `52:54:00:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}`;
const macOf = (index: number) =>
  `02:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:${((index >> 8) & 0xff).toString(16).padStart(2, '0')}:${(index & 0xff).toString(16).padStart(2, '0')}`;

let db: DbClient;
let database: OwnDatabase;
let harness: ControllerHarness;
let boot: BootService;
let server: Server;
let base: string;
let client: BootClient;

async function machines(): Promise<PlunderMachine[]> {
  return (
    await kubeGetJson<{ items: PlunderMachine[] }>(kc, collectionPath(plunderMachineResource, namespace))
  ).items;
}

async function createMachine(name: string, spec: PlunderMachine['spec']): Promise<void> {
  await kubeRequestJson(kc, collectionPath(plunderMachineResource, namespace), {
    method: 'POST',
    body: {
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
      kind: 'PlunderMachine',
      // These tests are about provisioning, not the Cluster API contract: no owner Machine needed.
      metadata: { name, namespace, annotations: { [STANDALONE_ANNOTATION]: 'true' } },
      spec,
    },
  });
}

async function deleteMachine(name: string): Promise<void> {
  await kubeRequestJson(kc, `${collectionPath(plunderMachineResource, namespace)}/${name}`, {
    method: 'DELETE',
  });
}

async function eventReasons(machine: PlunderMachine): Promise<string[]> {
  const list = await kubeGetJson<{ items: { reason?: string; regarding?: { uid?: string } }[] }>(
    kc,
    `/apis/events.k8s.io/v1/namespaces/${namespace}/events`,
  );
  return list.items
    .filter((event) => event.regarding?.uid === machine.metadata.uid)
    .map((event) => event.reason ?? '');
}

beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  // Its own database: a waiting machine claims any fresh unleased MAC, and other tests boot theirs.
  database = await createMigratedDatabase(process.env.DATABASE_URL ?? '', 'plunder');
  db = createDbClient(database.url);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  client = new BootClient(base);
  ({ boot, ...harness } = await startPlunderControllers(kc, {
    db,
    rate: { perSecond: 100_000, burst: 100_000 },
    bootUrl: base,
  }));
  server = createServer(boot.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
}, 120_000);

afterAll(async () => {
  for (const machine of await machines().catch(() => []))
    await deleteMachine(machine.metadata.name ?? '').catch(() => undefined);
  await eventually(async () => expect(await machines()).toHaveLength(0), 30_000).catch(() => undefined);
  await kc
    .makeApiClient(CoreV1Api)
    .deleteNamespace({ name: namespace })
    .catch(() => undefined);
  await new Promise((resolve) => server.close(resolve));
  await stopBootService(boot);
  await harness.stop();
  await db.$disconnect();
  await database.drop();
}, 120_000);

describe('PlunderMachine controller', () => {
  const pool = Array.from({ length: 20 }, (_, i) => macOf(i));
  let stopLoop: () => Promise<void>;

  beforeAll(async () => {
    stopLoop = client.loop(pool, () => base, 700);
    await eventually(async () => {
      const rows = await db.$queryRawUnsafe<{ mac: string }[]>(
        'SELECT mac FROM hardware WHERE mac = ANY($1::text[])',
        pool,
      );
      expect(rows).toHaveLength(20);
    }, 15_000);
  });

  afterAll(async () => {
    await stopLoop();
    // Machines still waiting would claim the MACs the later tests boot.
    for (const machine of await machines()) await deleteMachine(machine.metadata.name ?? '');
    await eventually(async () => expect(await machines()).toHaveLength(0), 30_000);
  }, 60_000);

  it('50 machines created at once over 20 unleased MACs: 20 claimed once each, 30 waiting with an event', async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => createMachine(`m-${i}`, { ipaddress: `10.77.0.${i + 10}` })),
    );
    const settled = await eventually(async () => {
      const list = await machines();
      const claimed = list.filter((m) => m.status?.macaddress);
      const waiting = list.filter((m) => m.status?.phase === 'Waiting');
      expect(claimed).toHaveLength(20);
      expect(waiting).toHaveLength(30);
      return { claimed, waiting };
    }, 60_000);
    const macs = settled.claimed.map((m) => m.status?.macaddress);
    expect(new Set(macs).size).toBe(20);
    expect(new Set(macs)).toEqual(new Set(pool));
    const holders = await db.$queryRawUnsafe<{ mac: string; claim_uid: string }[]>(
      'SELECT mac, claim_uid FROM hardware WHERE mac = ANY($1::text[])',
      pool,
    );
    const uids = new Set(settled.claimed.map((m) => m.metadata.uid));
    expect(holders.every((row) => uids.has(row.claim_uid))).toBe(true);
    const waitingMachine = settled.waiting[0];
    if (!waitingMachine) throw new Error('no waiting machine');
    await eventually(
      async () => expect(await eventReasons(waitingMachine)).toContain('No Hardware found'),
      15_000,
    );
  }, 90_000);

  it('installs a claimed MAC: install script with a done callback, forged tokens refused, ready with providerID', async () => {
    const machine = (await machines()).find((m) => m.status?.macaddress);
    const mac = machine?.status?.macaddress ?? '';
    const install = await client.script(mac, 'install');
    expect(install.body).toContain(`${base}/boot/done?mac=${mac}&token=`);
    expect(install.body).toMatch(
      /^kernel http:\/\/127\.0\.0\.1:\d+\/boot\/assets\/preseed\/lab-simulator\/vmlinuz /m,
    );
    expect(install.body).toContain(`ip=${machine?.spec.ipaddress ?? ''}::`);
    const { done } = callbackUrls(install.body);
    const kernelUrl = /^kernel (\S+)/m.exec(install.body)?.[1] ?? '';
    expect((await bootRequest(kernelUrl)).status).toBe(200);
    expect((await bootRequest(done.replace(/token=[^&\s]+/, 'token=forged'), 'POST')).status).toBe(403);
    expect((await bootRequest(done.replace(/&token=[^&\s]+/, ''), 'POST')).status).toBe(401);
    expect((await bootRequest(done, 'POST')).status).toBe(204);
    expect((await bootRequest(done, 'POST')).status).toBe(403);
    await eventually(async () => {
      const updated = (await machines()).find((m) => m.metadata.uid === machine?.metadata.uid);
      expect(updated?.status?.ready).toBe(true);
      expect(updated?.status?.phase).toBe('Provisioned');
      expect(updated?.spec.providerID).toBe(`plunder://${mac}`);
    }, 15_000);
    expect((await client.boot(mac)).kind).toBe('local');
  }, 60_000);

  it('a failed install is a failure with a reason once its retries are used up', async () => {
    const machine = (await machines()).find((m) => m.status?.macaddress && m.status.phase !== 'Provisioned');
    const mac = machine?.status?.macaddress ?? '';
    // installRetries defaults to 1: two failed installs.
    for (let attempt = 0; attempt < 2; attempt++) {
      const install = await client.script(mac, 'install');
      expect((await bootRequest(callbackUrls(install.body).failed, 'POST', 'disk not found')).status).toBe(
        204,
      );
    }
    await eventually(async () => {
      const updated = (await machines()).find((m) => m.metadata.uid === machine?.metadata.uid);
      expect(updated?.status?.phase).toBe('Failed');
      expect(updated?.status?.failureReason).toBe('InstallFailed');
      expect(updated?.status?.failureMessage).toBe('disk not found');
    }, 15_000);
    expect((await client.boot(mac)).kind).toBe('loop');
  }, 60_000);

  it('delete: the next boot gets the wipe profile, and after the wipe and a boot the MAC is back in the pool', async () => {
    const machine = (await machines()).find((m) => m.status?.phase === 'Provisioned');
    const mac = machine?.status?.macaddress ?? '';
    await deleteMachine(machine?.metadata.name ?? '');
    await eventually(async () => {
      expect((await machines()).some((m) => m.metadata.uid === machine?.metadata.uid)).toBe(false);
    }, 15_000);
    const wipe = await client.script(mac, 'wipe');
    expect(wipe.body).toContain('rackpilot.wipe=quick');
    expect((await bootRequest(callbackUrls(wipe.body).done, 'POST')).status).toBe(204);
    // The wipe is confirmed by the machine's own next boot into the loop, not by the callback alone.
    expect((await client.boot(mac)).kind).toBe('loop');
    // Released: unleased, unless the machine waiting below was quick enough to have claimed it already.
    const released = boot.store.get(mac);
    expect(released?.state).toMatch(/^(unleased|claimed)$/);
    expect(released?.claim?.uid).not.toBe(machine?.metadata.uid);
    // A machine that was waiting takes it: it is unleased hardware again.
    await eventually(async () => {
      const holders = (await machines()).filter((m) => m.status?.macaddress === mac);
      expect(holders).toHaveLength(1);
    }, 30_000);
  }, 60_000);
});

describe('boot service', () => {
  it('answers the entry script, normalises MACs in any spelling and refuses malformed ones', async () => {
    const entry = await bootRequest(`${base}/boot.ipxe`);
    expect(entry.status).toBe(200);
    expect(entry.body).toContain(`chain --autofree ${base}/boot/ipxe?mac=\${net0/mac}`);
    const mac = macOf(900);
    const cisco = mac
      .replace(/:/g, '')
      .replace(/(....)(....)(....)/, '$1.$2.$3')
      .toUpperCase();
    const reply = await client.boot(cisco);
    expect(reply.status).toBe(200);
    expect(reply.kind).toBe('loop');
    expect(reply.body).toContain(`chain --autofree ${base}/boot/ipxe?mac=${mac}`);
    expect(boot.store.get(mac)?.bootCount).toBe(1);
    for (const bad of ['', 'zz:zz', '00:11:22:33:44']) {
      const refused = await client.boot(bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatch(/^#!ipxe\necho Rackpilot: /);
    }
    expect((await bootRequest(`${base}/boot/ipxe`)).status).toBe(400);
  });

  it('writes sightings in batches, not one row write per request', async () => {
    const macs = Array.from({ length: 200 }, (_, i) => macOf(1000 + i));
    const before = { ...boot.stats };
    for (let round = 0; round < 3; round++) await Promise.all(macs.map((mac) => client.boot(mac)));
    await eventually(async () => {
      const rows = await db.$queryRawUnsafe<{ boot_count: number }[]>(
        'SELECT boot_count FROM hardware WHERE mac = ANY($1::text[])',
        macs,
      );
      expect(rows).toHaveLength(200);
      expect(rows.every((row) => row.boot_count === 3)).toBe(true);
    }, 10_000);
    // 600 requests became a handful of flush statements.
    expect(boot.stats.flushes - before.flushes).toBeLessThan(20);
    expect(boot.stats.rowsWritten - before.rowsWritten).toBeLessThan(600);
  });

  it('limits the request rate per client address with an iPXE 429', async () => {
    const port = await freePort();
    const limited = new BootService({
      assetServer: testAssetServer(),
      db,
      informers: harness.informers,
      log: () => undefined,
      rate: { perSecond: 1, burst: 2 },
      assetsDir: boot.profiles.store.root,
      bootUrl: `http://127.0.0.1:${port}`,
    });
    const limitedServer = createServer(limited.handle);
    await new Promise<void>((resolve) => limitedServer.listen(port, '127.0.0.1', resolve));
    try {
      const replies = [];
      for (let i = 0; i < 4; i++) replies.push(await client.boot(macOf(901), `http://127.0.0.1:${port}`));
      expect(replies.map((reply) => reply.status)).toEqual([200, 200, 429, 429]);
      expect(replies[3]?.body).toContain('too many requests');
    } finally {
      await new Promise((resolve) => limitedServer.close(resolve));
    }
  });
});

describe('PostgreSQL restarted while hosts loop', () => {
  it('keeps answering from memory and flushes the sightings once it is back', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-pg-restart-'));
    await chmod(stateDir, 0o755);
    const port = await freePort();
    const dataDir = join(stateDir, 'postgres');
    let database = await startEmbeddedPostgres({ dataDir, port });
    await migrateDatabase(database.url);
    const ownDb = createDbClient(database.url);
    const httpPort = await freePort();
    const at = `http://127.0.0.1:${httpPort}`;
    const service = new BootService({
      assetServer: testAssetServer(),
      db: ownDb,
      informers: harness.informers,
      log: () => undefined,
      flushIntervalMs: 300,
      assetsDir: join(stateDir, 'boot-assets'),
      bootUrl: at,
    });
    await service.start();
    const ownServer = createServer(service.handle);
    await new Promise<void>((resolve) => ownServer.listen(httpPort, '127.0.0.1', resolve));
    const macs = [macOf(2000), macOf(2001), macOf(2002)];
    const first = macs[0] ?? '';
    const stored = async () =>
      (
        await ownDb.$queryRawUnsafe<{ boot_count: number }[]>(
          'SELECT boot_count FROM hardware WHERE mac = $1',
          first,
        )
      )[0]?.boot_count ?? 0;
    const stopLoop = client.loop(macs, () => at, 200);
    try {
      await eventually(async () => expect(await stored()).toBeGreaterThan(0), 10_000);
      const storedBeforeOutage = await stored();
      await database.stop();
      const failuresBefore = service.stats.failures;
      // Down: every request is still answered.
      for (const mac of macs) {
        const reply = await client.boot(mac, at);
        expect(reply.status).toBe(200);
        expect(reply.kind).toBe('loop');
      }
      await eventually(() => expect(service.stats.failures).toBeGreaterThan(failuresBefore), 15_000);
      database = await startEmbeddedPostgres({ dataDir, port });
      // Boots answered while it was down are counted in memory, and reach the table once it is back.
      const seen = service.store.get(first)?.bootCount ?? 0;
      expect(seen).toBeGreaterThan(storedBeforeOutage);
      await eventually(async () => expect(await stored()).toBeGreaterThanOrEqual(seen), 30_000, 300);
    } finally {
      await stopLoop();
      await new Promise((resolve) => ownServer.close(resolve));
      await service.stop();
      await ownDb.$disconnect();
      await database.stop();
      await rm(stateDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a real iPXE client (QEMU)', () => {
  it('is recorded as a sighting and claimed by a PlunderMachine naming its MAC', async () => {
    // npm test installs QEMU and the iPXE ROM; without them this fails rather than passing untested.
    expect(await missingQemu()).toBeUndefined();
    const mac = qemuMac;
    // The VM reaches this host as 10.0.2.2 (QEMU user networking): a boot service whose URLs say so.
    const port = await freePort();
    const vmBoot = new BootService({
      assetServer: testAssetServer(),
      db,
      informers: harness.informers,
      log: (line) => {
        console.log(`[qemu boot] ${line}`);
      },
      flushIntervalMs: 500,
      assetsDir: boot.profiles.store.root,
      bootUrl: `http://10.0.2.2:${port}`,
    });
    await vmBoot.start();
    const vmServer = createServer(vmBoot.handle);
    await new Promise<void>((resolve) => vmServer.listen(port, '127.0.0.1', resolve));
    const vm = runQemuIpxe({ mac, bootfile: `http://10.0.2.2:${port}/boot.ipxe` });
    try {
      await eventually(() => expect(vmBoot.store.get(mac)?.bootCount ?? 0).toBeGreaterThan(0), 120_000, 500);
      expect(vmBoot.store.get(mac)?.vendor).toBe('locally administered');
      // The controller claims from the hardware table, which the VM's sightings reach within a flush.
      await eventually(async () => {
        const rows = await db.$queryRawUnsafe<unknown[]>('SELECT mac FROM hardware WHERE mac = $1', mac);
        expect(rows).toHaveLength(1);
      }, 15_000);
      await createMachine('qemu', { macaddress: mac, ipaddress: '10.77.1.10' });
      // The VM keeps looping; its next request gets the install script (iPXE then fetches the kernel).
      await eventually(() => expect(vmBoot.store.get(mac)?.state).toBe('provisioning'), 120_000, 500);
    } finally {
      await vm.stop();
      await new Promise((resolve) => vmServer.close(resolve));
      await vmBoot.stop();
    }
  }, 300_000);
});
