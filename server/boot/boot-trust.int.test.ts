// Finding 7 of the edge review against the real server process: script URLs come from RACKPILOT_BOOT_URL,
// a live install token is never re-issued to another address (nor to its own before the re-issue age;
// since finding 15 another address revokes it and blocks the MAC, see boot-binding.int.test.ts),
// callbacks need the token issued to that MAC, a flood of unknown MACs stays within the sighting limit,
// and request targets and bodies are capped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestFixture } from '../../tools/testenv/boot-test-fixture';
import { eventually } from '../../tools/testenv/eventually';
import { freePort } from '../../tools/testenv/free-port';
import { startServerProcess, type ServerProcess } from '../../tools/testenv/server-process';
import { bootRequest, type BootReply } from '../../tools/probe/boot-request';
import { bootTrustProbe } from '../../tools/probe/finding-07-boot-trust';
import { controllerNames } from '../controllers/build-controllers';
import { kubeRequestJson } from '../kube/kube-request';
import { collectionPath } from '../kube/resource';
import { plunderMachineResource, type PlunderMachine } from '../types/crds';
import { HardwareDb } from './hardware-db';
import { STANDALONE_ANNOTATION } from './machine-facts';

const { kc, namespace, db, madeUpMac } = bootTestFixture('boot-trust');
const MAX_SIGHTINGS = 50;
const REISSUE_MS = 10_000;
/** The installing machine and a forger elsewhere on the network: distinct loopback addresses. */
const MACHINE_IP = '127.0.7.2';
const FORGER_IP = '127.0.7.3';

let server: ServerProcess;
let bootUrl: string;
const victimMac = madeUpMac();

const boot = (mac: string, from: string): Promise<BootReply> =>
  bootRequest(`${server.url}/boot/ipxe?mac=${mac}`, { localAddress: from });

const argument = (script: string, name: string): string => {
  const value = new RegExp(`${name}=(\\S+)`).exec(script)?.[1];
  if (!value) throw new Error(`no ${name} in:\n${script}`);
  return value;
};

async function metric(name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/api/metrics`)).text();
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? NaN);
}

beforeAll(async () => {
  const port = await freePort();
  // A name that differs from the address tests connect to, so a URL taken from the request shows.
  bootUrl = `http://localhost:${port}`;
  server = await startServerProcess(
    { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl: process.env.DATABASE_URL ?? '' },
    {
      port,
      extraEnv: {
        // This file needs no controller: it claims the MAC in the hardware table itself.
        RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','),
        RACKPILOT_BOOT_URL: bootUrl,
        RACKPILOT_BOOT_REISSUE_MS: String(REISSUE_MS),
        RACKPILOT_BOOT_MAX_SIGHTINGS: String(MAX_SIGHTINGS),
        RACKPILOT_BOOT_RATE: '100:200',
      },
    },
  );
});

afterAll(async () => {
  await server.stop();
});

describe('finding 7: the boot service trusts configuration, not the caller', () => {
  it('holds against the edge probe', async () => {
    const outcome = await bootTrustProbe.run({ url: server.url }, AbortSignal.timeout(60_000));
    expect(outcome, outcome.detail).toMatchObject({ held: true });
  });

  it('builds every script URL from RACKPILOT_BOOT_URL, whatever the Host header says', async () => {
    for (const path of ['/boot.ipxe', `/boot/ipxe?mac=${madeUpMac()}`]) {
      const reply = await bootRequest(`${server.url}${path}`, { host: 'attacker.example:80' });
      expect(reply.status).toBe(200);
      expect(reply.body).toContain(`chain --autofree ${bootUrl}/boot`);
      expect(reply.body).not.toContain('attacker.example');
    }
  });

  it("a live install token stays with the machine's address; a forged request gets the loop", async () => {
    const machines = collectionPath(plunderMachineResource, namespace);
    const machine = await kubeRequestJson<PlunderMachine>(kc, machines, {
      method: 'POST',
      body: {
        apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
        kind: 'PlunderMachine',
        metadata: { name: 'victim', namespace, annotations: { [STANDALONE_ANNOTATION]: 'true' } },
        spec: { macaddress: victimMac, ipaddress: '10.78.0.10' },
      },
    });
    expect((await boot(victimMac, MACHINE_IP)).kind).toBe('loop');
    const hardware = new HardwareDb(db);
    const claim = { uid: machine.metadata.uid ?? '', namespace, name: 'victim' };
    await eventually(
      async () => expect(await hardware.claims.claim(claim, { mac: victimMac })).toBeDefined(),
      15_000,
    );

    const install = await eventually(async () => {
      const reply = await boot(victimMac, MACHINE_IP);
      expect(reply.kind).toBe('install');
      return reply;
    }, 15_000);
    const token = argument(install.body, 'rackpilot\\.token');
    const config = argument(install.body, 'url');

    expect(argument(install.body, 'rackpilot\\.done')).toBe(
      `${bootUrl}/boot/done?mac=${victimMac}&token=${token}`,
    );
    const repeat = await boot(victimMac, MACHINE_IP);
    expect(repeat.kind, 'a repeat within the re-issue age does not rotate the token').toBe('loop');
    const local = (url: string) => url.replace(bootUrl, server.url);
    const fromMachine = { localAddress: MACHINE_IP };
    expect((await bootRequest(local(config), fromMachine)).status, 'the machine keeps its token').toBe(200);

    const otherMac = madeUpMac();
    const wrongMac = await bootRequest(`${server.url}/boot/done?mac=${otherMac}&token=${token}`, {
      method: 'POST',
    });
    expect(wrongMac.status, 'a token works only for the MAC it was issued to').toBe(403);

    // The installing machine re-booted (its installer crashed): once the token is old enough, its own
    // address gets a fresh one and the old one dies.
    const reboot = await eventually(
      async () => {
        const reply = await boot(victimMac, MACHINE_IP);
        expect(reply.kind).toBe('install');
        return reply;
      },
      REISSUE_MS * 3,
      1000,
    );
    const fresh = argument(reboot.body, 'rackpilot\\.token');
    expect(fresh).not.toBe(token);
    expect((await bootRequest(local(config), fromMachine)).status).toBe(403);

    // A forged request never gets a token; since finding 15 it also revokes the live one and blocks the
    // MAC until an operator confirms the machine's address.
    const forged = await boot(victimMac, FORGER_IP);
    expect(forged.kind).toBe('loop');
    expect(forged.body).not.toContain('token=');
    expect((await bootRequest(local(argument(reboot.body, 'url')), fromMachine)).status).toBe(403);
    expect((await boot(victimMac, MACHINE_IP)).kind).toBe('loop');
    expect(await new HardwareDb(db).bindings.confirmAddress(victimMac, MACHINE_IP, 'the test')).toBeDefined();
    const confirmed = await eventually(async () => {
      const reply = await boot(victimMac, MACHINE_IP);
      expect(reply.kind).toBe('install');
      return reply;
    }, 15_000);
    const done = await bootRequest(local(argument(confirmed.body, 'rackpilot\\.done')), {
      method: 'POST',
      ...fromMachine,
    });
    expect(done.status).toBe(204);
    expect((await boot(victimMac, MACHINE_IP)).kind).toBe('local');
  }, 90_000);

  it('a flood of unknown MACs stays within the sighting limit, oldest unleased first, claimed ones kept', async () => {
    const evictedBefore = await metric('rackpilot_boot_sightings_evicted_total');
    const flood = Array.from({ length: 4 * MAX_SIGHTINGS }, () => madeUpMac());
    // Twenty flooding addresses, ten MACs each: within every address's own rate.
    for (let start = 0; start < flood.length; start += 10) {
      const from = `127.0.8.${start / 10 + 1}`;
      await Promise.all(flood.slice(start, start + 10).map((mac) => boot(mac, from)));
    }
    expect(await metric('rackpilot_boot_known_macs')).toBeLessThanOrEqual(MAX_SIGHTINGS);
    expect(await metric('rackpilot_boot_sightings_evicted_total')).toBeGreaterThanOrEqual(
      evictedBefore + 3 * MAX_SIGHTINGS,
    );
    // The table follows: evicted rows are deleted at the next flush, the newest sightings stay.
    await eventually(async () => {
      const rows = await db.$queryRawUnsafe<{ mac: string }[]>(
        'SELECT mac FROM hardware WHERE mac = ANY($1::text[])',
        flood,
      );
      expect(rows.length).toBeLessThanOrEqual(MAX_SIGHTINGS);
      expect(rows.map((row) => row.mac)).toContain(flood.at(-1));
    }, 15_000);
    const victim = await db.$queryRawUnsafe<{ state: string }[]>(
      'SELECT state FROM hardware WHERE mac = $1',
      victimMac,
    );
    expect(victim).toEqual([{ state: 'provisioned' }]);
  }, 60_000);

  it('refuses an oversized query and a callback body that never ends', async () => {
    const mac = madeUpMac();
    const long = await bootRequest(`${server.url}/boot/ipxe?mac=${mac}&pad=${'x'.repeat(5000)}`);
    expect(long.status).toBe(414);
    const streamed = await bootRequest(`${server.url}/boot/failed?mac=${mac}&token=x`, {
      method: 'POST',
      body: Buffer.alloc(8192, 0x61),
      unfinished: {},
    });
    expect(streamed.status).toBe(413);
  });
});
