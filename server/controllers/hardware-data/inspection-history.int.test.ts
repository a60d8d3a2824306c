import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../../tools/testenv/console-client';
import {
  startControllers,
  withoutBoot,
  type ControllerHarness,
} from '../../../tools/testenv/controller-harness';
import { eventually } from '../../../tools/testenv/eventually';
import { startConsoleServer, type ServerProcess } from '../../../tools/testenv/server-process';
import { firstSnapshot } from '../../../tools/testenv/subscription-snapshot';
import type { AuditRow } from '../../api/access/audit-query';
import type { InspectionHistoryView, LostHardwareView } from '../../api/inspection/inspection-view';
import { createDbClient, type DbClient } from '../../db/client';
import { INSPECTIONS_PER_HOST, recordInspection } from '../../db/inspection-history';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import type { HardwareData, HardwareDataSpec } from '../../types/crds/hardware-data';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `inspect-${randomBytes(3).toString('hex')}`;
const metal3 = `/apis/metal3.io/v1alpha1/namespaces/${namespace}`;
const host = 'ins-a';
let db: DbClient;
let harness: ControllerHarness;
let server: ServerProcess;
let admin: ConsoleClient;
let viewer: ConsoleClient;

const FIRST: NonNullable<HardwareDataSpec['hardware']> = {
  cpu: { arch: 'x86_64', count: 64 },
  ramMebibytes: 262144,
  nics: [{ name: 'eno1', mac: '52:54:00:aa:00:01', speedGbps: 25 }],
  storage: [
    { name: '/dev/sda', serialNumber: 'SDA-1', sizeBytes: 960197124096 },
    { name: '/dev/sdb', serialNumber: 'SDB-1', sizeBytes: 960197124096 },
  ],
  firmware: { bios: { vendor: 'Lab', version: '1.0.0' } },
};

async function writeHardware(hardware: NonNullable<HardwareDataSpec['hardware']>): Promise<void> {
  const path = `${metal3}/hardwaredata/${host}`;
  const existing = await kubeGetJson<HardwareData>(kc, path).catch(() => undefined);
  await kubeRequestJson(kc, existing ? path : `${metal3}/hardwaredata`, {
    method: existing ? 'PUT' : 'POST',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'HardwareData',
      metadata: { name: host, ...(existing ? { resourceVersion: existing.metadata.resourceVersion } : {}) },
      spec: { hardware },
    },
  });
}

const rows = () => db.inspectionRecord.count({ where: { namespace, name: host } });
const history = (client: ConsoleClient = viewer) =>
  firstSnapshot<InspectionHistoryView>(client, 'inspection.history', { namespace, name: host });
const lost = () => firstSnapshot<LostHardwareView>(viewer, 'inspection.lost');

beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  // A host for the overview to name; no operator acts on it, the test writes its HardwareData as BMO would.
  await kubeRequestJson(kc, `${metal3}/baremetalhosts`, {
    method: 'POST',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name: host },
      spec: { online: false, bmc: { address: 'ipmi://10.10.9.1:623', credentialsName: `${host}-bmc` } },
    },
  });
  db = createDbClient(process.env.DATABASE_URL ?? '');
  harness = await startControllers(kc, ['hardware-data'], () =>
    Promise.resolve(withoutBoot({ recordInspection: (sighting) => recordInspection(db, sighting) })),
  );
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  viewer = await signInAsNew(admin, `viewer-${randomBytes(3).toString('hex')}`, 'viewer');
}, 120_000);

afterAll(async () => {
  await harness.stop();
  await server.stop();
  await db.inspectionRecord.deleteMany({ where: { namespace } });
  await db.$disconnect();
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

describe('inspection history: HardwareData watched, changes stored with their diff', () => {
  it('stores the first inspection as a baseline, raising nothing', async () => {
    await writeHardware(FIRST);
    const seen = await eventually(async () => {
      const view = await history();
      expect(view.entries).toHaveLength(1);
      return view;
    });
    expect(seen.entries[0]).toMatchObject({ baseline: true, changes: [], lost: false });
    expect(seen.entries[0]?.found).toEqual({
      cpus: 64,
      ramMebibytes: 262144,
      nics: 1,
      disks: 2,
      bios: 'Lab 1.0.0',
    });
    expect((await lost()).hosts.some((entry) => entry.namespace === namespace)).toBe(false);
  });

  it('stores a DIMM and a disk gone as a diff, and the overview raises the host', async () => {
    await writeHardware({ ...FIRST, ramMebibytes: 245760, storage: FIRST.storage?.slice(0, 1) });
    const seen = await eventually(async () => {
      const view = await history();
      expect(view.entries).toHaveLength(2);
      return view;
    });
    expect(seen.entries[0]).toMatchObject({
      baseline: false,
      lost: true,
      changes: [
        {
          part: 'memory',
          change: 'changed',
          fields: [{ field: 'ramMebibytes', before: 262144, after: 245760 }],
        },
        { part: 'disk', subject: 'SDB-1', label: '/dev/sdb', change: 'removed', lost: true },
      ],
    });
    const raised = await eventually(async () => {
      const view = await lost();
      const entry = view.hosts.find((candidate) => candidate.namespace === namespace);
      expect(entry).toBeDefined();
      return entry;
    });
    expect(raised?.changes.map((change) => change.part)).toEqual(['memory', 'disk']);
  });

  it('an unchanged HardwareData write stores nothing', async () => {
    await writeHardware({ ...FIRST, ramMebibytes: 245760, storage: FIRST.storage?.slice(0, 1) });
    await writeHardware({
      ...FIRST,
      ramMebibytes: 245760,
      storage: FIRST.storage?.slice(0, 1),
      hostname: 'x',
    });
    await eventually(async () => expect(await rows()).toBe(3));
    expect((await history()).entries[0]?.changes).toEqual([
      expect.objectContaining({ part: 'system', fields: [{ field: 'hostname', before: null, after: 'x' }] }),
    ]);
  });

  it('acknowledging is an operator action, audited, and stops the overview raising the host', async () => {
    // The newest record (the hostname) lost nothing: the loss before it is no longer raised either.
    expect((await lost()).hosts.some((entry) => entry.namespace === namespace)).toBe(false);
    await writeHardware({
      ...FIRST,
      ramMebibytes: 229376,
      storage: FIRST.storage?.slice(0, 1),
      hostname: 'x',
    });
    const newest = await eventually(async () => {
      const entry = (await history()).entries[0];
      expect(entry?.lost).toBe(true);
      return entry;
    });
    const refused = await viewer.mutate('inspection.acknowledge', { namespace, name: host, id: newest?.id });
    expect(refused.error?.code).toBe('FORBIDDEN');
    const answer = await admin.mutate('inspection.acknowledge', { namespace, name: host, id: newest?.id });
    expect(answer.data).toEqual({ acknowledged: true });
    const again = await admin.mutate('inspection.acknowledge', { namespace, name: host, id: newest?.id });
    expect(again.error?.code).toBe('CONFLICT');
    expect((await history()).entries[0]?.acknowledged?.by).toBe('admin');
    const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', {
      action: 'inspection.acknowledge',
    });
    expect(audit.data?.rows.some((row) => row.target === `${namespace}/${host}`)).toBe(true);
    expect((await lost()).hosts.some((entry) => entry.namespace === namespace)).toBe(false);
  });

  it(`keeps the newest ${INSPECTIONS_PER_HOST} records of a host`, async () => {
    for (let version = 2; version < 30; version++) {
      const before = await db.inspectionRecord.findFirst({
        where: { namespace, name: host },
        orderBy: { id: 'desc' },
      });
      await writeHardware({ ...FIRST, firmware: { bios: { vendor: 'Lab', version: `1.0.${version}` } } });
      await eventually(async () => {
        const newest = await db.inspectionRecord.findFirst({
          where: { namespace, name: host },
          orderBy: { id: 'desc' },
        });
        expect(newest?.id).not.toBe(before?.id);
      });
    }
    expect(await rows()).toBe(INSPECTIONS_PER_HOST);
    const view = await history();
    expect(view.entries).toHaveLength(INSPECTIONS_PER_HOST);
    expect(view.entries[0]?.changes).toEqual([
      expect.objectContaining({
        part: 'firmware',
        fields: [{ field: 'BIOS version', before: '1.0.28', after: '1.0.29' }],
      }),
    ]);
  }, 120_000);
});
