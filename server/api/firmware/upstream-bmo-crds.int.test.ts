// Issue 51: the firmware, RAID and inspection pages against baremetal-operator's own CRDs, generated
// from its apis module as its Makefile does (tools/controlplane/upstream-bmo-crds.ts) and created
// before the console starts, as BMO's install would. On a control plane of its own: the shared one
// serves ours. No host operator runs here; the test writes what BMO writes (status, schema, inspection).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KubeConfig, V1CustomResourceDefinition } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUpstreamBmoCrds } from '../../../tools/controlplane/upstream-bmo-crds';
import { signInAsAdmin, type ConsoleClient } from '../../../tools/testenv/console-client';
import { eventually } from '../../../tools/testenv/eventually';
import { startDisposableCluster, type DisposableCluster } from '../../../tools/testenv/restart-control-plane';
import { startServerProcess, type ServerProcess } from '../../../tools/testenv/server-process';
import { firstSnapshot } from '../../../tools/testenv/subscription-snapshot';
import { controllerNames } from '../../controllers/build-controllers';
import { createDbClient, type DbClient } from '../../db/client';
import { FIELD_MANAGER } from '../../kube/apply';
import { CRD_OWNER_ANNOTATION, readCrdFiles } from '../../kube/install-crds';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { HardwareDataSpec } from '../../types/crds/hardware-data';
import type { HostFirmwareComponents } from '../../types/crds/host-firmware-components';
import type { HostFirmwareSettings } from '../../types/crds/host-firmware-settings';
import type { InspectionHistoryView } from '../inspection/inspection-view';
import { NO_SCHEMA } from './firmware-view';
import type { RaidMessage } from './raid-view';
import type { FirmwarePageView } from './settings.handler';
import type { WriteAnswer } from './write-checked-patch';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const namespace = `upstream-bmo-${randomBytes(3).toString('hex')}`;
const metal3 = `/apis/metal3.io/v1alpha1/namespaces/${namespace}`;
const schemaName = 'schema-5c3b1d7e';
let cluster: DisposableCluster | undefined;
let kc: KubeConfig;
let server: ServerProcess | undefined;
let admin: ConsoleClient;
let db: DbClient | undefined;
let dir: string | undefined;
const upstream = new Map<string, V1CustomResourceDefinition>();

const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const condition = (type: string, status: string, reason: string) => ({
  type,
  status,
  reason,
  message: '',
  lastTransitionTime: now(),
  observedGeneration: 1,
});
const post = (path: string, body: object) => kubeRequestJson(kc, path, { method: 'POST', body });
const patchStatus = (path: string, status: object) =>
  kubeRequestJson(kc, `${path}/status`, {
    method: 'PATCH',
    body: { status },
    contentType: 'application/merge-patch+json',
  });

/** A host as BMO leaves it after inspection: registered, available, its HostFirmwareSettings made. */
async function createHost(name: string, address: string): Promise<void> {
  await post(`${metal3}/baremetalhosts`, {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name },
    spec: { online: false, bmc: { address, credentialsName: `${name}-bmc` } },
  });
  await patchStatus(`${metal3}/baremetalhosts/${name}`, {
    errorCount: 0,
    errorMessage: '',
    operationalStatus: 'OK',
    poweredOn: false,
    provisioning: { ID: randomBytes(8).toString('hex'), state: 'available', bootMode: 'UEFI' },
  });
}

async function createSettings(name: string, withSchema: boolean): Promise<void> {
  await post(`${metal3}/hostfirmwaresettings`, {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HostFirmwareSettings',
    metadata: { name },
    spec: { settings: {} },
  });
  await patchStatus(`${metal3}/hostfirmwaresettings/${name}`, {
    settings: { LogicalProc: 'Enabled', PxeDev1VlanId: '0', SystemServiceTag: 'SVC-0001' },
    ...(withSchema ? { schema: { name: schemaName, namespace } } : {}),
    lastUpdated: now(),
    conditions: [condition('ChangeDetected', 'False', 'Success'), condition('Valid', 'True', 'Success')],
  });
}

const storedSettings = (name: string) =>
  kubeGetJson<HostFirmwareSettings>(kc, `${metal3}/hostfirmwaresettings/${name}`);
const storedHost = (name: string) => kubeGetJson<BareMetalHost>(kc, `${metal3}/baremetalhosts/${name}`);

const storedComponents = (name: string) =>
  kubeGetJson<HostFirmwareComponents>(kc, `${metal3}/hostfirmwarecomponents/${name}`).catch(() => undefined);

/** The firmware page once the console's cache has the host's firmware objects as stored and `check` holds. */
const firmware = (name: string, check: (view: FirmwarePageView) => void = () => undefined) =>
  eventually(async () => {
    const [seen, hfs, hfc] = await Promise.all([
      firstSnapshot<FirmwarePageView>(admin, 'firmware.settings', { namespace, name }),
      storedSettings(name),
      storedComponents(name),
    ]);
    expect(seen.resourceVersion).toBe(hfs.metadata.resourceVersion);
    expect(seen.components.found && seen.components.resourceVersion).toBe(
      hfc?.metadata.resourceVersion ?? false,
    );
    check(seen);
    return seen;
  }, 60_000);

beforeAll(async () => {
  for (const crd of await readCrdFiles(await ensureUpstreamBmoCrds((line) => console.log(`[bmo] ${line}`)))) {
    upstream.set(crd.metadata?.name ?? '', crd);
  }
  cluster = await startDisposableCluster();
  ({ kc } = cluster);
  for (const [name, crd] of upstream) {
    const created = await kubeRequestJson<V1CustomResourceDefinition>(kc, CRDS, {
      method: 'POST',
      query: { fieldManager: 'kubectl' },
      body: crd,
    });
    upstream.set(name, created);
  }
  dir = await mkdtemp(join(tmpdir(), 'rackpilot-upstream-bmo-'));
  const kubeconfig = join(dir, 'kubeconfig');
  await writeFile(kubeconfig, kc.exportConfig());
  db = createDbClient(process.env.DATABASE_URL ?? '');
  const started = await startServerProcess(
    { kubeconfig, databaseUrl: process.env.DATABASE_URL ?? '' },
    {
      extraEnv: {
        RACKPILOT_DISABLED_CONTROLLERS: controllerNames.filter((name) => name !== 'hardware-data').join(','),
      },
    },
  );
  server = started;
  admin = await signInAsAdmin(started.url);
  await post('/api/v1/namespaces', { metadata: { name: namespace } });
  await post(`${metal3}/firmwareschemas`, {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'FirmwareSchema',
    metadata: { name: schemaName },
    spec: {
      hardwareVendor: 'Dell Inc.',
      hardwareModel: 'PowerEdge R650',
      schema: {
        LogicalProc: { attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'] },
        PxeDev1VlanId: { attribute_type: 'Integer', lower_bound: 0, upper_bound: 4094 },
        SystemServiceTag: { attribute_type: 'String', max_length: 16, read_only: true },
      },
    },
  });
  await createHost('up-a', 'idrac-redfish://10.10.28.1/redfish/v1/Systems/System.Embedded.1');
  await createSettings('up-a', true);
  await createHost('up-ipmi', 'ipmi://10.10.28.2:623');
  await createSettings('up-ipmi', false);
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await cluster?.remove();
  await db?.inspectionRecord.deleteMany({ where: { namespace } });
  await db?.$disconnect();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the console on baremetal-operator's own CRDs", () => {
  it("leaves BMO's CRDs as they are, and the admin page names those it did not install", async () => {
    const ours = (await readCrdFiles(fileURLToPath(new URL('../../../crds', import.meta.url))))
      .map((crd) => crd.metadata?.name ?? '')
      .filter((name) => upstream.has(name));
    expect(ours).toEqual(
      expect.arrayContaining([
        'baremetalhosts.metal3.io',
        'firmwareschemas.metal3.io',
        'hardwaredata.metal3.io',
        'hostfirmwarecomponents.metal3.io',
        'hostfirmwaresettings.metal3.io',
      ]),
    );
    for (const [name, created] of upstream) {
      const after = await kubeGetJson<V1CustomResourceDefinition>(kc, `${CRDS}/${name}`);
      expect(after.spec, name).toEqual(created.spec);
      expect(after.metadata?.managedFields?.map((entry) => entry.manager)).not.toContain(FIELD_MANAGER);
      expect(after.metadata?.annotations?.[CRD_OWNER_ANNOTATION]).toBeUndefined();
    }
    const listed = await admin.query<{ name: string; outcome: string }[]>('access.crdsLeftAlone');
    expect(listed.data?.map((entry) => entry.name).sort()).toEqual(ours.sort());
    expect(new Set(listed.data?.map((entry) => entry.outcome))).toEqual(new Set(['foreign']));
  });

  it('shows the settings joined with their schema, refuses a value outside it, and writes one as BMO reads it', async () => {
    const seen = await firmware('up-a', (view) => expect(view.schema?.model).toBe('PowerEdge R650'));
    expect(seen.readOnly).toBeUndefined();
    expect(seen.settings.find((row) => row.name === 'LogicalProc')).toMatchObject({
      current: 'Enabled',
      schema: { attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'] },
      state: { state: 'current' },
    });
    expect(seen.settings.find((row) => row.name === 'SystemServiceTag')?.schema?.read_only).toBe(true);

    const refused = await admin.mutate<WriteAnswer>('firmware.change', {
      namespace,
      name: 'up-a',
      resourceVersion: seen.resourceVersion,
      settings: { PxeDev1VlanId: '5000' },
    });
    expect(refused.data?.status === 'rejected' && refused.data.message).toBe(
      'nothing was written: PxeDev1VlanId: 5000 is above the highest allowed value, 4094',
    );
    expect((await storedSettings('up-a')).spec?.settings).toEqual({});

    const answer = await admin.mutate<WriteAnswer>('firmware.change', {
      namespace,
      name: 'up-a',
      resourceVersion: seen.resourceVersion,
      settings: { LogicalProc: 'Disabled', PxeDev1VlanId: '120' },
    });
    expect(answer.data?.status).toBe('written');
    // BMO's spec.settings is a map of int-or-string: the integer setting is stored as a number.
    expect((await storedSettings('up-a')).spec?.settings).toEqual({
      LogicalProc: 'Disabled',
      PxeDev1VlanId: 120,
    });
    const pending = await firmware('up-a', (view) =>
      expect(view.settings.find((row) => row.name === 'LogicalProc')?.state.state).toBe('pending'),
    );
    expect(pending.settings.find((row) => row.name === 'PxeDev1VlanId')?.wanted).toBe('120');

    // BMO after the next cleaning: the host reports the new values.
    await patchStatus(`${metal3}/hostfirmwaresettings/up-a`, {
      settings: { LogicalProc: 'Disabled', PxeDev1VlanId: '120', SystemServiceTag: 'SVC-0001' },
      lastUpdated: now(),
    });
    const applied = await firmware('up-a', (view) =>
      expect(view.settings.filter((row) => row.wanted !== undefined).map((row) => row.state.state)).toEqual([
        'applied',
        'applied',
      ]),
    );
    expect(applied.settings.map((row) => [row.name, row.current])).toEqual([
      ['LogicalProc', 'Disabled'],
      ['PxeDev1VlanId', '120'],
      ['SystemServiceTag', 'SVC-0001'],
    ]);
  });

  it('shows a host with no FirmwareSchema read-only, says why, and refuses a change to it', async () => {
    const seen = await firmware('up-ipmi', (view) => expect(view.settings).toHaveLength(3));
    expect(seen.readOnly).toBe(NO_SCHEMA);
    expect(seen.schema).toBeUndefined();
    const answer = await admin.mutate<WriteAnswer>('firmware.change', {
      namespace,
      name: 'up-ipmi',
      resourceVersion: seen.resourceVersion,
      settings: { LogicalProc: 'Disabled' },
    });
    expect(answer.data).toEqual({ status: 'rejected', message: NO_SCHEMA });
    expect((await storedSettings('up-ipmi')).spec?.settings).toEqual({});
  });

  it("shows a host's firmware components as BMO writes them and writes an update request its CRD takes", async () => {
    const path = `${metal3}/hostfirmwarecomponents/up-a`;
    const bmc = { component: 'bmc', initialVersion: '7.00', currentVersion: '7.00', updatedAt: null };
    const updates = [{ component: 'bios', url: 'https://images.example/BIOS_1.14.1.exe' }];
    // As BMO's controller writes it: a component never flashed has a zero updatedAt, which Go sends as null.
    const reported = (bios: object, applied: object = {}) =>
      patchStatus(path, {
        components: [{ component: 'bios', initialVersion: '1.10.2', ...bios }, bmc],
        ...applied,
        lastUpdated: now(),
        conditions: [condition('ChangeDetected', 'False', 'OK'), condition('Valid', 'True', 'OK')],
      });
    await post(`${metal3}/hostfirmwarecomponents`, {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'HostFirmwareComponents',
      metadata: { name: 'up-a' },
      spec: { updates: [] },
    });
    await reported({ currentVersion: '1.10.2', updatedAt: null });
    const bios = (view: FirmwarePageView) => view.components.found && view.components.components[0];
    const seen = await firmware('up-a', (view) =>
      expect(bios(view)).toEqual({ component: 'bios', initialVersion: '1.10.2', currentVersion: '1.10.2' }),
    );
    const answer = await admin.mutate<WriteAnswer>('firmware.componentsChange', {
      namespace,
      name: 'up-a',
      resourceVersion: seen.components.found ? seen.components.resourceVersion : '',
      updates,
    });
    expect(answer.data?.status).toBe('written');
    expect((await storedComponents('up-a'))?.spec?.updates).toEqual(updates);

    // BMO after the next cleaning: the image flashed, status.updates as spec.updates.
    const flashed = { currentVersion: '1.14.1', lastVersionFlashed: '1.14.1', updatedAt: now() };
    await reported(flashed, { updates });
    await firmware('up-a', (view) => {
      expect(view.components).toMatchObject({ state: { state: 'applied' }, applied: updates });
      expect(bios(view)).toEqual({ component: 'bios', initialVersion: '1.10.2', ...flashed });
    });
  });

  it("writes spec.raid as BMO's schema takes it", async () => {
    const raid = async () =>
      eventually(async () => {
        const [message, host] = await Promise.all([
          firstSnapshot<RaidMessage>(admin, 'firmware.raid', { namespace, name: 'up-a' }),
          storedHost('up-a'),
        ]);
        if (!message.found) throw new Error('no host');
        expect(message.raid.resourceVersion).toBe(host.metadata.resourceVersion);
        expect(message.raid.state).toBe('available');
        return message.raid;
      }, 60_000);
    const seen = await raid();
    expect(seen).toMatchObject({ driver: 'idrac-redfish', hardwareRaid: true, pending: false });
    const layout = {
      hardwareRAIDVolumes: [
        { level: '1', name: 'os', sizeGibibytes: 100, rotational: false },
        { level: '5', name: 'data', numberOfPhysicalDisks: 3 },
      ],
    };
    const answer = await admin.mutate<WriteAnswer>('firmware.raidChange', {
      namespace,
      name: 'up-a',
      resourceVersion: seen.resourceVersion,
      before: null,
      raid: layout,
    });
    expect(answer.data?.status).toBe('written');
    expect((await storedHost('up-a')).spec.raid).toEqual(layout);
    const after = await raid();
    expect(after).toMatchObject({ wanted: layout, pending: true });

    // BMO v0.13's schema has no softwareRAIDVolumes[].rootVolume (its main branch added it): the API
    // server refuses it in its words, rather than dropping it while the page says written.
    const root = await admin.mutate<WriteAnswer>('firmware.raidChange', {
      namespace,
      name: 'up-a',
      resourceVersion: after.resourceVersion,
      before: layout,
      raid: { softwareRAIDVolumes: [{ level: '1', rootVolume: true }] },
    });
    expect(root.data?.status).toBe('rejected');
    expect(root.data?.status === 'rejected' ? root.data.message : '').toMatch(
      /^the API server refused it: .*unknown field "spec\.raid\.softwareRAIDVolumes\[0\]\.rootVolume"/,
    );
    expect((await storedHost('up-a')).spec.raid).toEqual(layout);
  });

  it('keeps the inspection history of a HardwareData as BMO writes it', async () => {
    const hardware: NonNullable<HardwareDataSpec['hardware']> = {
      systemVendor: { manufacturer: 'Dell Inc.', productName: 'PowerEdge R650', serialNumber: 'SVC-0001' },
      cpu: { arch: 'x86_64', model: 'Intel Xeon Gold 6338', clockMegahertz: 2000, count: 64, flags: ['vmx'] },
      ramMebibytes: 262144,
      nics: [{ name: 'eno1', mac: 'b0:7b:25:00:00:01', ip: '10.10.28.11', speedGbps: 25, pxe: true }],
      storage: [
        { name: '/dev/sda', serialNumber: 'SDA-1', sizeBytes: 960197124096, rotational: false, type: 'SSD' },
        { name: '/dev/sdb', serialNumber: 'SDB-1', sizeBytes: 960197124096, rotational: false, type: 'SSD' },
      ],
      firmware: { bios: { vendor: 'Dell Inc.', version: '1.10.2', date: '07/11/2024' } },
      hostname: 'up-a',
    };
    const path = `${metal3}/hardwaredata/up-a`;
    await post(`${metal3}/hardwaredata`, {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'HardwareData',
      metadata: { name: 'up-a' },
      spec: { hardware },
    });
    const history = (entries: number) =>
      eventually(async () => {
        const view = await firstSnapshot<InspectionHistoryView>(admin, 'inspection.history', {
          namespace,
          name: 'up-a',
        });
        expect(view.entries).toHaveLength(entries);
        return view;
      }, 60_000);
    expect((await history(1)).entries[0]).toMatchObject({ baseline: true, changes: [], lost: false });

    await kubeRequestJson(kc, path, {
      method: 'PATCH',
      body: { spec: { hardware: { storage: hardware.storage?.slice(0, 1) } } },
      contentType: 'application/merge-patch+json',
    });
    expect((await history(2)).entries[0]).toMatchObject({
      baseline: false,
      lost: true,
      changes: [{ part: 'disk', subject: 'SDB-1', label: '/dev/sdb', change: 'removed', lost: true }],
    });
  });
});
