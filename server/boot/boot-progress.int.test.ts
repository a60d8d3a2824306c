// The progress callback against the real server process and PostgreSQL. This tests the callback
// protocol (the test POSTs the callbacks itself, as an installer would), not a real install: that is
// the QEMU test's. Checked: the token and address checks shared with done/failed, the step vocabulary,
// the body's bound, the coalescing of a flood, the history's bound per MAC, and a failure's step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestFixture } from '../../tools/testenv/boot-test-fixture';
import { eventually } from '../../tools/testenv/eventually';
import { signInAsAdmin, type ConsoleClient } from '../../tools/testenv/console-client';
import { startServerProcess, type ServerProcess } from '../../tools/testenv/server-process';
import { bootRequest, type BootReply } from '../../tools/probe/boot-request';
import { controllerNames } from '../controllers/build-controllers';
import { kubeRequestJson } from '../kube/kube-request';
import { collectionPath } from '../kube/resource';
import type { HardwarePage, HardwareRow } from '../schemas/hardware-list';
import { plunderMachineResource, type PlunderMachine } from '../types/crds';
import { COALESCE_MS } from './boot-progress';
import { HardwareDb } from './hardware-db';
import { HISTORY_PER_MAC } from './hardware-sql';
import { STANDALONE_ANNOTATION } from './machine-facts';

const { kc, namespace, db, madeUpMac } = bootTestFixture('boot-progress');
/** Each test's machine has an address of its own (the asset route finds the MAC by its address). */
const machineIp = (test: number) => `127.0.42.${test}`;
const OTHER_IP = '127.0.43.1';

let server: ServerProcess;
let admin: ConsoleClient;
const macs: string[] = [];

const post = (url: string, body: string, from: string): Promise<BootReply> =>
  bootRequest(url, { method: 'POST', body, localAddress: from });

async function row(mac: string, as = admin): Promise<HardwareRow | undefined> {
  const page = await as.query<HardwarePage>('hardware.page', { search: mac });
  return page.data?.rows.find((candidate) => candidate.mac === mac);
}

interface EventRow {
  step: string | null;
  detail: Record<string, string> | null;
  message: string | null;
  run: number;
}

const events = (mac: string): Promise<EventRow[]> =>
  db.$queryRawUnsafe<EventRow[]>(
    'SELECT step, detail, message, run FROM hardware_events WHERE mac = $1 ORDER BY id',
    mac,
  );

const steps = async (mac: string) =>
  (await events(mac)).flatMap((event) => (event.step === null ? [] : [event.step]));

/** A claimed MAC booted into its install script from `ip`: the callback URLs with its token. */
async function installing(
  name: string,
  ip: string,
): Promise<{ mac: string; progress: string; failed: string; assets: string[] }> {
  const mac = madeUpMac();
  macs.push(mac);
  await bootRequest(`${server.url}/boot/ipxe?mac=${mac}`, { localAddress: ip });
  const machine = await kubeRequestJson<PlunderMachine>(
    kc,
    collectionPath(plunderMachineResource, namespace),
    {
      method: 'POST',
      body: {
        apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
        kind: 'PlunderMachine',
        metadata: { name, namespace, annotations: { [STANDALONE_ANNOTATION]: 'true' } },
        spec: { macaddress: mac, ipaddress: '10.79.42.10' },
      },
    },
  );
  const hardware = new HardwareDb(db);
  const uid = machine.metadata.uid ?? '';
  await eventually(
    async () => expect(await hardware.claims.claim({ uid, namespace, name }, { mac })).toBeDefined(),
    15_000,
  );
  let script = '';
  await eventually(async () => {
    const reply = await bootRequest(`${server.url}/boot/ipxe?mac=${mac}`, { localAddress: ip });
    expect(reply.kind).toBe('install');
    script = reply.body;
  }, 15_000);
  const failed = /rackpilot\.failed=(\S+)/.exec(script)?.[1] ?? '';
  // The kernel and initrd URLs, as iPXE reads them from the script's `kernel` and `initrd` lines.
  const assets = [...script.matchAll(/^(?:kernel|initrd) (\S+)/gm)].map((match) => match[1] ?? '');
  return { mac, failed, progress: failed.replace('/boot/failed?', '/boot/progress?'), assets };
}

const startReplica = () =>
  startServerProcess(
    { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl: process.env.DATABASE_URL ?? '' },
    {
      extraEnv: {
        RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','),
        RACKPILOT_BOOT_RATE: '200:400',
      },
    },
  );

beforeAll(async () => {
  server = await startReplica();
  admin = await signInAsAdmin(server.url);
});

afterAll(async () => {
  await server.stop();
  await db.$executeRawUnsafe('DELETE FROM hardware_events WHERE mac = ANY($1::text[])', macs);
});

describe('POST /boot/progress (the callback protocol, not a real install)', () => {
  it('checks the token, the address, the step and the body as done and failed do', async () => {
    const ip = machineIp(1);
    const { mac, progress } = await installing('progress-checks', ip);
    const wrongToken = progress.replace(/token=[^&]+/, 'token=not-the-token');
    expect((await post(`${wrongToken}&step=network-up`, '', ip)).status).toBe(403);
    expect((await post(`${progress.replace(/&token=[^&]+/, '')}&step=network-up`, '', ip)).status).toBe(401);
    expect((await post(`${progress}&step=network-up`, '', OTHER_IP)).status).toBe(403);
    const unknown = await post(`${progress}&step=reformat-the-moon`, '', ip);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('unknown step reformat-the-moon');
    expect((await post(progress, '', ip)).status).toBe(400);
    expect((await post(`${progress}&step=done`, '', ip)).status).toBe(400);
    expect((await post(`${progress}&step=disk-chosen`, 'path=/dev/vda oops', ip)).status).toBe(400);
    expect((await post(`${progress}&step=disk-chosen`, `path=${'x'.repeat(1100)}`, ip)).status).toBe(413);
    const chosen = await post(`${progress}&step=disk-chosen`, 'path=/dev/vda bytes=8589934592', ip);
    expect(chosen.status).toBe(204);
    expect(await steps(mac)).toEqual(['script-served', 'disk-chosen']);
    expect((await events(mac)).at(-1)?.detail).toEqual({ path: '/dev/vda', bytes: '8589934592' });
    await eventually(async () => expect((await row(mac))?.step?.step).toBe('disk-chosen'), 15_000);
  });

  it('keeps a flood of downloads to one stored row per window, and the latest in the list', async () => {
    const ip = machineIp(2);
    const { mac, progress } = await installing('progress-flood', ip);
    const started = Date.now();
    for (let bytes = 1; bytes <= 30; bytes++) {
      expect((await post(`${progress}&step=download`, `bytes=${bytes} total=30`, ip)).status).toBe(204);
    }
    const elapsed = Date.now() - started;
    const downloads = (await steps(mac)).filter((step) => step === 'download');
    expect(downloads.length).toBeGreaterThanOrEqual(1);
    // One row per window begun: a bound from the time the flood took, not a timing assumption.
    expect(downloads.length).toBeLessThanOrEqual(1 + Math.ceil(elapsed / COALESCE_MS));
    await eventually(async () => expect((await row(mac))?.step?.detail.bytes).toBe('30'), 15_000);
  });

  it('a failure names its step; the download held back is stored before it', async () => {
    const ip = machineIp(3);
    const { mac, progress, failed } = await installing('progress-failed', ip);
    await post(`${progress}&step=download`, 'bytes=1 total=100', ip);
    await post(`${progress}&step=download`, 'bytes=50 total=100', ip);
    expect((await post(`${failed}&step=no-such-step`, 'checksum mismatch', ip)).status).toBe(400);
    expect((await post(`${failed}&step=verified`, 'checksum mismatch', ip)).status).toBe(204);
    const stored = await events(mac);
    const last = stored.at(-1);
    expect(last?.step).toBe('failed');
    expect(last?.detail).toEqual({ step: 'verified' });
    expect(last?.message).toBe('verified: checksum mismatch');
    expect(stored.filter((event) => event.step === 'download').at(-1)?.detail).toEqual({
      bytes: '50',
      total: '100',
    });
    await eventually(
      async () => expect((await row(mac))?.failureMessage).toBe('verified: checksum mismatch'),
      15_000,
    );
  });

  it('keeps at most HISTORY_PER_MAC events per MAC, the newest, all of the current run', async () => {
    const ip = machineIp(4);
    const { mac, progress } = await installing('progress-bound', ip);
    const alternate = ['network-up', 'disk-chosen'];
    for (let index = 0; index < HISTORY_PER_MAC + 20; index++) {
      const reply = await post(`${progress}&step=${alternate[index % 2] ?? ''}`, `n=${index}`, ip);
      expect(reply.status).toBe(204);
    }
    const stored = await events(mac);
    expect(stored).toHaveLength(HISTORY_PER_MAC);
    expect(stored.at(-1)?.detail).toEqual({ n: String(HISTORY_PER_MAC + 19) });
    expect(new Set(stored.map((event) => event.run)).size).toBe(1);
  });

  it('records the kernel and initrd served to the installing address', async () => {
    const ip = machineIp(5);
    const { mac, assets } = await installing('progress-assets', ip);
    expect(assets).toHaveLength(2);
    for (const url of assets) {
      const reply = await bootRequest(url, { localAddress: ip });
      expect(reply.status).toBe(200);
    }
    await eventually(
      async () => expect(await steps(mac)).toEqual(['script-served', 'kernel-fetched', 'initrd-fetched']),
      15_000,
    );
  });

  it('another replica lists the step it did not receive, from the history', async () => {
    const ip = machineIp(6);
    const { mac, progress } = await installing('progress-replicas', ip);
    const other = await startReplica();
    try {
      const otherAdmin = await signInAsAdmin(other.url);
      expect((await post(`${progress}&step=written`, 'bytes=4096', ip)).status).toBe(204);
      await eventually(async () => {
        expect((await row(mac, otherAdmin))?.step).toMatchObject({
          step: 'written',
          detail: { bytes: '4096' },
        });
      }, 15_000);
    } finally {
      await other.stop();
    }
  }, 120_000);
});
