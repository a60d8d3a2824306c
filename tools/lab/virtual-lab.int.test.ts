// The lab's virtual machines against the real boot service and Plunder controllers (control plane and
// PostgreSQL of the integration tier): they loop and are recorded as sightings, install when a
// PlunderMachine claims them, report injected failures through /boot/failed, and are wiped and
// unleased again after a release and a BMC power cycle.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopBootService, type BootService } from '../../server/boot/boot-service';
import { createDbClient, type DbClient } from '../../server/db/client';
import { kubeGetJson, kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath } from '../../server/kube/resource';
import { plunderMachineResource, type PlunderMachine } from '../../server/types/crds';
import type { ControllerHarness } from '../testenv/controller-harness';
import { startPlunderControllers } from '../testenv/plunder-harness';
import { eventually } from '../testenv/eventually';
import { freePort } from '../testenv/free-port';
import { STANDALONE_ANNOTATION } from '../../server/boot/machine-facts';
import { startHardwareLab, type HardwareLab } from './start-hardware-lab';
import type { VirtualHost } from './virtual-host';

const kc = new KubeConfig();
kc.loadFromDefault();
const run = randomBytes(3).toString('hex');
const namespace = `lab-vm-${run}`;
const machinesPath = collectionPath(plunderMachineResource, namespace);

let db: DbClient;
let harness: ControllerHarness;
let boot: BootService;
let server: Server;
let hardware: HardwareLab;
const requests: { path: string; from: string }[] = [];

async function machine(name: string): Promise<PlunderMachine | undefined> {
  const list = await kubeGetJson<{ items: PlunderMachine[] }>(kc, machinesPath);
  return list.items.find((item) => item.metadata.name === name);
}

async function createMachine(name: string, host: VirtualHost, ip: string): Promise<void> {
  await kubeRequestJson(kc, machinesPath, {
    method: 'POST',
    body: {
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
      kind: 'PlunderMachine',
      metadata: { name, namespace, annotations: { [STANDALONE_ANNOTATION]: 'true' } },
      spec: { macaddress: host.identity.mac, ipaddress: ip },
    },
  });
}

function hostAt(index: number): VirtualHost {
  const host = hardware.lab.hosts[index];
  if (!host) throw new Error(`no lab host ${index}`);
  return host;
}

beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  db = createDbClient(process.env.DATABASE_URL ?? '');
  const port = await freePort();
  ({ boot, ...harness } = await startPlunderControllers(kc, { db, bootUrl: `http://127.0.0.1:${port}` }));
  server = createServer((req, res) => {
    requests.push({
      path: new URL(req.url ?? '/', 'http://x').pathname,
      from: req.socket.remoteAddress ?? '',
    });
    boot.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  hardware = await startHardwareLab({
    bootUrl: `http://127.0.0.1:${port}/boot.ipxe`,
    hosts: 6,
    seed: `int-${run}`,
    timing: { postMs: 200, installMs: 500, retryMs: 1_000, jitter: 0.2 },
  });
}, 120_000);

afterAll(async () => {
  await hardware.stop();
  await kubeRequestJson(kc, machinesPath, { method: 'DELETE' }).catch(() => undefined);
  await kc
    .makeApiClient(CoreV1Api)
    .deleteNamespace({ name: namespace })
    .catch(() => undefined);
  await new Promise((resolve) => server.close(resolve));
  await stopBootService(boot);
  // Unleased sightings left behind would be claimed by the next test's waiting PlunderMachines.
  await db.$executeRawUnsafe(
    'DELETE FROM hardware WHERE mac = ANY($1::text[])',
    hardware.lab.hosts.map((host) => host.identity.mac),
  );
  await harness.stop();
  await db.$disconnect();
}, 120_000);

describe('virtual lab hosts against the boot service', () => {
  it('loop while unleased and are recorded as sightings, each from its own address with its vendor', async () => {
    await eventually(
      () => {
        for (const host of hardware.lab.hosts) {
          const record = boot.store.get(host.identity.mac);
          expect(record?.bootCount ?? 0).toBeGreaterThanOrEqual(2);
          expect(record?.state).toBe('unleased');
        }
      },
      30_000,
      250,
    );
    const first = hostAt(0);
    expect(requests.filter((r) => r.from === first.identity.ip).map((r) => r.path)).toContain('/boot.ipxe');
    expect(boot.store.get(first.identity.mac)?.vendor).toMatch(/dell/i);
    expect(hardware.lab.stats().phases.running).toBe(0);
  }, 60_000);

  it('installs when claimed, reports done, is provisioned and then boots from its disk', async () => {
    const host = hostAt(1);
    await createMachine('vm-install', host, '10.88.0.11');
    await eventually(
      async () => {
        const updated = await machine('vm-install');
        expect(updated?.status?.phase).toBe('Provisioned');
        expect(updated?.spec.providerID).toBe(`plunder://${host.identity.mac}`);
      },
      45_000,
      250,
    );
    expect(host.installsDone).toBe(1);
    expect(host.lastKernel).toMatch(/\/boot\/assets\/preseed\/lab-simulator\/vmlinuz$/);
    const mine = requests.filter((r) => r.from === host.identity.ip).map((r) => r.path);
    expect(mine).toContain('/boot/assets/preseed/lab-simulator/initrd.img');
    await eventually(() => {
      expect(host.phase).toBe('running');
    });
    expect(boot.store.get(host.identity.mac)?.state).toBe('provisioned');
    // The timeline says which steps were only simulated.
    const timeline = await boot.hardwareDb.progress.timeline(host.identity.mac);
    expect(timeline.find((event) => event.step === 'installer-started')?.detail).toEqual({
      simulated: 'lab',
    });
    expect(timeline.at(-1)?.step).toBe('done');
  }, 60_000);

  it('reports an injected install failure through /boot/failed, which fails the machine with the reason', async () => {
    const host = hostAt(2);
    // The controller retries a failed install once before it gives up.
    host.failNextInstalls('lab: disk /dev/sda not found', 2);
    await createMachine('vm-fail', host, '10.88.0.12');
    await eventually(
      async () => {
        const updated = await machine('vm-fail');
        expect(updated?.status?.failureReason).toBe('InstallFailed');
        expect(updated?.status?.failureMessage).toBe('lab: disk /dev/sda not found');
      },
      45_000,
      250,
    );
    expect(host.installsFailed).toBe(2);
    expect(requests.filter((r) => r.from === host.identity.ip && r.path === '/boot/failed')).toHaveLength(2);
    // Failed: back in the loop (checking in again), not running an OS.
    const seen = boot.store.get(host.identity.mac)?.bootCount ?? 0;
    await eventually(() => {
      expect(boot.store.get(host.identity.mac)?.bootCount).toBeGreaterThan(seen);
    }, 15_000);
    expect(host.phase).not.toBe('running');
  }, 60_000);

  it('is wiped after a release once its BMC power-cycles it, and is unleased again', async () => {
    const host = hostAt(1);
    await kubeRequestJson(kc, `${machinesPath}/vm-install`, { method: 'DELETE' });
    await eventually(async () => {
      expect(await machine('vm-install')).toBeUndefined();
    }, 15_000);
    // Running from disk, it asks the boot service nothing until it restarts.
    expect(host.phase).toBe('running');
    const response = await fetch(`${hardware.bmc.systemUrl(host)}/Actions/ComputerSystem.Reset`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${hardware.bmc.username}:${hardware.bmc.password}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ResetType: 'ForceRestart' }),
    });
    expect(response.status).toBe(204);
    await eventually(
      () => {
        expect(host.lastKernel).toMatch(/\/boot\/assets\/wipe\/lab-simulator\/vmlinuz$/);
        expect(boot.store.get(host.identity.mac)?.state).toBe('unleased');
        // The wipe reports done after its kernel loaded, a moment later on a busy machine.
        expect(host.installsDone).toBe(2);
      },
      30_000,
      250,
    );
    const seen = boot.store.get(host.identity.mac)?.bootCount ?? 0;
    await eventually(() => {
      expect(boot.store.get(host.identity.mac)?.bootCount).toBeGreaterThan(seen);
    }, 15_000);
  }, 60_000);

  it('a host that vanishes stops checking in', async () => {
    const host = hostAt(3);
    await host.vanish();
    const other = hostAt(4).identity.mac;
    const seen = boot.store.get(host.identity.mac)?.bootCount ?? 0;
    const otherSeen = boot.store.get(other)?.bootCount ?? 0;
    // Another host booting twice spans a whole turn of the reboot loop, in which the vanished one would
    // have booted too; the others keep looping, so the silence is the vanished host's own.
    await eventually(() => {
      expect(boot.store.get(other)?.bootCount).toBeGreaterThanOrEqual(otherSeen + 2);
    }, 20_000);
    expect(boot.store.get(host.identity.mac)?.bootCount).toBe(seen);
  }, 30_000);
});
