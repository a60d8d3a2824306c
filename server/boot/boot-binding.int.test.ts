// Finding 15 of the edge review against the real server process: a MAC is bound to the address it was
// first sighted from. An attacker elsewhere on the network (a second loopback address) racing the machine
// never wins a claimed MAC's install token or a released MAC's wipe token, never overwrites what the MAC
// reported, and at worst causes a named conflict that blocks until an operator confirms the address; a
// wipe completes only when the machine itself boots again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestFixture } from '../../tools/testenv/boot-test-fixture';
import { eventually } from '../../tools/testenv/eventually';
import { signInAsAdmin, type ConsoleClient } from '../../tools/testenv/console-client';
import {
  startServerProcess,
  TEST_ADMIN_PASSWORD,
  type ServerProcess,
} from '../../tools/testenv/server-process';
import { bootRequest, type BootReply } from '../../tools/probe/boot-request';
import { bootTokenBindingProbe } from '../../tools/probe/finding-15-boot-token-binding';
import { controllerNames } from '../controllers/build-controllers';
import { kubeRequestJson } from '../kube/kube-request';
import { collectionPath } from '../kube/resource';
import type { HardwarePage, HardwareRow } from '../schemas/hardware-list';
import { plunderMachineResource, type PlunderMachine } from '../types/crds';
import { HardwareDb } from './hardware-db';
import { STANDALONE_ANNOTATION } from './machine-facts';

const { kc, namespace, db, madeUpMac } = bootTestFixture('boot-binding');
/** The machine and an attacker on the same network: distinct loopback addresses. */
const MACHINE_IP = '127.0.15.1';
const ATTACKER_IP = '127.0.15.2';

let server: ServerProcess;
let admin: ConsoleClient;

const boot = (mac: string, from: string, query = '', at = server.url): Promise<BootReply> =>
  bootRequest(`${at}/boot/ipxe?mac=${mac}${query}`, { localAddress: from });
const post = (url: string, from: string): Promise<BootReply> =>
  bootRequest(url, { method: 'POST', localAddress: from });
const callback = (script: string, name: 'done' | 'failed' | 'token'): string => {
  const value = new RegExp(`rackpilot\\.${name}=(\\S+)`).exec(script)?.[1];
  if (!value) throw new Error(`no rackpilot.${name} in:\n${script}`);
  return value;
};

async function row(mac: string, as = admin): Promise<HardwareRow | undefined> {
  const page = await as.query<HardwarePage>('hardware.page', { search: mac });
  return page.data?.rows.find((candidate) => candidate.mac === mac);
}

const inState = (mac: string, state: string) =>
  eventually(async () => expect((await row(mac))?.state).toBe(state), 15_000);

async function history(mac: string): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ message: string | null }[]>(
    'SELECT message FROM hardware_events WHERE mac = $1 ORDER BY at, id',
    mac,
  );
  return rows.map((event) => event.message ?? '');
}

/** A machine that claims `mac` (the claim is made in the table: this file runs no controller). */
async function claimed(mac: string, name: string): Promise<string> {
  const machine = await kubeRequestJson<PlunderMachine>(
    kc,
    collectionPath(plunderMachineResource, namespace),
    {
      method: 'POST',
      body: {
        apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
        kind: 'PlunderMachine',
        metadata: { name, namespace, annotations: { [STANDALONE_ANNOTATION]: 'true' } },
        spec: { macaddress: mac, ipaddress: '10.79.0.10' },
      },
    },
  );
  const uid = machine.metadata.uid ?? '';
  const hardware = new HardwareDb(db);
  await eventually(
    async () => expect(await hardware.claims.claim({ uid, namespace, name }, { mac })).toBeDefined(),
    15_000,
  );
  await inState(mac, 'claimed');
  return uid;
}

async function confirm(mac: string, ip: string): Promise<void> {
  const answer = await admin.mutate('hardware.confirmAddress', { mac, ip });
  expect(answer.data, answer.error?.message).toEqual({ status: 'done' });
}

const startReplica = () =>
  startServerProcess(
    { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl: process.env.DATABASE_URL ?? '' },
    {
      extraEnv: {
        RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','),
        RACKPILOT_BOOT_RATE: '100:200',
      },
    },
  );

beforeAll(async () => {
  server = await startReplica();
  admin = await signInAsAdmin(server.url);
});

afterAll(async () => {
  await server.stop();
});

describe('finding 15: a MAC is bound to the address it was first sighted from', () => {
  it('holds against the edge probe', async () => {
    const outcome = await bootTokenBindingProbe.run(
      { url: server.url, credentials: { username: 'admin', password: TEST_ADMIN_PASSWORD } },
      AbortSignal.timeout(60_000),
    );
    expect(outcome, outcome.detail).toMatchObject({ held: true });
  });

  it('another address never overwrites what the MAC reported; it is listed as a conflict', async () => {
    const mac = madeUpMac();
    await boot(mac, MACHINE_IP, '&uuid=machine-uuid&serial=machine-serial');
    await boot(mac, ATTACKER_IP, '&uuid=forged-uuid&serial=forged-serial');
    expect(await row(mac)).toMatchObject({ ip: MACHINE_IP, uuid: 'machine-uuid', serial: 'machine-serial' });
    expect((await row(mac))?.addressConflict).toMatchObject({ ip: ATTACKER_IP, count: 1 });
    await eventually(async () => {
      const [stored] = await db.$queryRawUnsafe<Record<string, unknown>[]>(
        'SELECT bound_ip, uuid, serial, conflict_ip FROM hardware WHERE mac = $1',
        mac,
      );
      expect(stored).toEqual({
        bound_ip: MACHINE_IP,
        uuid: 'machine-uuid',
        serial: 'machine-serial',
        conflict_ip: ATTACKER_IP,
      });
    }, 15_000);
  });

  it("the attacker racing for a claimed MAC's install token gets the loop; a conflict revokes a live token", async () => {
    const mac = madeUpMac();
    expect((await boot(mac, MACHINE_IP)).kind).toBe('loop');
    await claimed(mac, 'install-race');

    const first = await boot(mac, ATTACKER_IP);
    expect(first.kind, 'the attacker asking first gets no install script').toBe('loop');
    const [attacker, machine] = await Promise.all([boot(mac, ATTACKER_IP), boot(mac, MACHINE_IP)]);
    expect(attacker.kind).toBe('loop');
    expect(machine.kind, 'a contested MAC gets no token until an operator acts').toBe('loop');
    expect(machine.body).toContain('address conflict');
    expect((await row(mac))?.addressConflict?.ip).toBe(ATTACKER_IP);

    await confirm(mac, MACHINE_IP);
    const install = await boot(mac, MACHINE_IP);
    expect(install.kind).toBe('install');
    expect((await boot(mac, ATTACKER_IP)).kind).toBe('loop');
    expect((await post(callback(install.body, 'done'), MACHINE_IP)).status, 'revoked by the conflict').toBe(
      403,
    );
    expect((await history(mac)).some((line) => line.includes('install token is revoked'))).toBe(true);

    await confirm(mac, MACHINE_IP);
    const again = await boot(mac, MACHINE_IP);
    expect(again.kind).toBe('install');
    const done = callback(again.body, 'done');
    expect((await post(done, ATTACKER_IP)).status, 'a callback only from the bound address').toBe(403);
    expect((await post(done, MACHINE_IP)).status).toBe(204);
    expect((await boot(mac, MACHINE_IP)).kind).toBe('local');
  }, 90_000);

  it("the attacker racing for a released MAC's wipe gets the loop; the wipe completes on the machine's own boot", async () => {
    const mac = madeUpMac();
    expect((await boot(mac, MACHINE_IP)).kind).toBe('loop');
    const uid = await claimed(mac, 'wipe-race');
    const install = await boot(mac, MACHINE_IP);
    expect((await post(callback(install.body, 'done'), MACHINE_IP)).status).toBe(204);
    await new HardwareDb(db).claims.release(uid);
    await inState(mac, 'wiping');

    expect((await boot(mac, ATTACKER_IP)).kind, 'the attacker asking first gets no wipe script').toBe('loop');
    expect((await boot(mac, MACHINE_IP)).kind).toBe('loop');
    expect((await row(mac))?.state).toBe('wiping');

    await confirm(mac, MACHINE_IP);
    const wipe = await boot(mac, MACHINE_IP);
    expect(wipe.kind).toBe('wipe');
    const done = callback(wipe.body, 'done');
    expect((await post(done, ATTACKER_IP)).status).toBe(403);
    expect((await post(done, MACHINE_IP)).status).toBe(204);
    expect((await row(mac))?.state, 'the callback alone does not return the MAC to the pool').toBe('wiped');
    expect((await boot(mac, MACHINE_IP)).kind).toBe('loop');
    expect((await row(mac))?.state).toBe('unleased');
  }, 90_000);

  it('holds across replicas: the attacker asking another replica is a conflict every replica shows', async () => {
    const other = await startReplica();
    try {
      const otherAdmin = await signInAsAdmin(other.url);
      const mac = madeUpMac();
      await boot(mac, MACHINE_IP, '&uuid=machine-uuid');
      // The first binding PostgreSQL gets stays: the machine's sighting is flushed before the attacker asks.
      await eventually(async () => {
        const rows = await db.$queryRawUnsafe<{ bound_ip: string }[]>(
          'SELECT bound_ip FROM hardware WHERE mac = $1',
          mac,
        );
        expect(rows).toEqual([{ bound_ip: MACHINE_IP }]);
      }, 15_000);
      await boot(mac, ATTACKER_IP, '&uuid=forged-uuid', other.url);
      await eventually(async () => {
        expect(await row(mac)).toMatchObject({ ip: MACHINE_IP, uuid: 'machine-uuid' });
        expect((await row(mac))?.addressConflict?.ip).toBe(ATTACKER_IP);
      }, 15_000);
      await claimed(mac, 'replicas');
      expect((await boot(mac, MACHINE_IP)).kind, 'contested: no token on either replica').toBe('loop');

      const answer = await otherAdmin.mutate('hardware.confirmAddress', { mac, ip: MACHINE_IP });
      expect(answer.data, answer.error?.message).toEqual({ status: 'done' });
      const install = await eventually(async () => {
        const reply = await boot(mac, MACHINE_IP);
        expect(reply.kind).toBe('install');
        return reply;
      }, 15_000);
      expect((await boot(mac, ATTACKER_IP, '', other.url)).kind).toBe('loop');
      expect(
        (await post(callback(install.body, 'done'), MACHINE_IP)).status,
        'revoked on the other replica',
      ).toBe(403);
      await eventually(
        async () => expect((await row(mac, otherAdmin))?.addressConflict?.ip).toBe(ATTACKER_IP),
        15_000,
      );
    } finally {
      await other.stop();
    }
  }, 120_000);
});
