import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeGetJson, kubeRequestJson } from '../../server/kube/kube-request';
import { watchStream } from '../../server/kube/watch-stream';
import type { BareMetalHost } from '../../server/types/crds/bare-metal-host';
import type { FirmwareSchema } from '../../server/types/crds/firmware-schema';
import type { HardwareData } from '../../server/types/crds/hardware-data';
import type { HostFirmwareSettings } from '../../server/types/crds/host-firmware-settings';
import { eventually } from '../testenv/eventually';
import { startLabHostOperator, type LabHostOperator } from './lab-host-operator';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `lab-fw-${randomBytes(3).toString('hex')}`;
const metal3 = `/apis/metal3.io/v1alpha1/namespaces/${namespace}`;
const states: string[] = [];
let operator: LabHostOperator;

const settingsOf = (name: string) =>
  kubeGetJson<HostFirmwareSettings>(kc, `${metal3}/hostfirmwaresettings/${name}`);
const hostOf = (name: string) => kubeGetJson<BareMetalHost>(kc, `${metal3}/baremetalhosts/${name}`);

async function createHost(name: string, address: string): Promise<void> {
  await kubeRequestJson(kc, `${metal3}/baremetalhosts`, {
    method: 'POST',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name },
      spec: {
        online: true,
        bootMACAddress: '52:54:00:aa:bb:01',
        bmc: { address, credentialsName: `${name}-bmc` },
      },
    },
  });
}

async function want(name: string, settings: Record<string, string | number>): Promise<void> {
  await kubeRequestJson(kc, `${metal3}/hostfirmwaresettings/${name}`, {
    method: 'PATCH',
    body: { spec: { settings } },
    contentType: 'application/merge-patch+json',
  });
}

beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await createHost('fw-1', 'redfish+https://10.10.9.1/redfish/v1/Systems/1');
  await createHost('fw-ipmi', 'ipmi://10.10.9.2:623');
  operator = startLabHostOperator(kc, { namespace, stepMs: 100, pollMs: 100 });
});

afterAll(async () => {
  await operator.stop();
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

describe('the lab honours the Metal3 firmware kinds as baremetal-operator does', () => {
  it('keeps a HardwareData, a schema for the model and the settings of each inspected host', async () => {
    const hfs = await eventually(async () => {
      const found = await settingsOf('fw-1');
      expect(found.status?.schema?.name).toMatch(/^schema-/);
      return found;
    });
    const schema = await kubeGetJson<FirmwareSchema>(
      kc,
      `${metal3}/firmwareschemas/${hfs.status?.schema?.name ?? ''}`,
    );
    expect(schema.spec?.hardwareModel).toBe('Virtual server');
    expect(Object.keys(hfs.status?.settings ?? {}).sort()).toEqual(
      Object.keys(schema.spec?.schema ?? {}).sort(),
    );
    const hardware = await kubeGetJson<HardwareData>(kc, `${metal3}/hardwaredata/fw-1`);
    expect(hardware.spec?.hardware?.systemVendor?.productName).toBe('Virtual server');

    const ipmi = await eventually(async () => {
      const found = await settingsOf('fw-ipmi');
      expect(Object.keys(found.status?.settings ?? {}).length).toBeGreaterThan(20);
      return found;
    });
    expect(ipmi.status?.schema).toBeUndefined();
  });

  it('refuses an invalid value with Valid=False ConfigurationError and cleans nothing', async () => {
    await want('fw-1', { LogicalProc: 'Sometimes' });
    const refused = await eventually(async () => {
      const found = await settingsOf('fw-1');
      const valid = found.status?.conditions?.find((c) => c.type === 'Valid');
      expect(valid?.observedGeneration).toBe(found.metadata.generation);
      expect(valid).toMatchObject({
        status: 'False',
        reason: 'ConfigurationError',
        message: 'Invalid BIOS setting',
      });
      return found;
    });
    expect(refused.status?.settings.LogicalProc).toBe('Enabled');
    expect((await hostOf('fw-1')).status?.provisioning?.state).toBe('available');
  });

  it('writes a valid change during the next cleaning of the available host', async () => {
    // Every version of the host from here on, so the cleaning is seen however short it was.
    const from = (await hostOf('fw-1')).metadata.resourceVersion ?? '';
    const stopWatching = new AbortController();
    const watching = watchStream(kc, `${metal3}/baremetalhosts`, {
      query: { watch: true, resourceVersion: from, fieldSelector: 'metadata.name=fw-1' },
      signal: stopWatching.signal,
      onEvent: (event) => states.push((event.object as BareMetalHost).status?.provisioning?.state ?? ''),
    }).catch(() => undefined);
    await want('fw-1', { LogicalProc: 'Disabled', PxeDev1VlanId: 120 });
    const applied = await eventually(async () => {
      const found = await settingsOf('fw-1');
      expect(found.status?.settings).toMatchObject({ LogicalProc: 'Disabled', PxeDev1VlanId: '120' });
      expect(found.status?.conditions?.find((c) => c.type === 'ChangeDetected')?.status).toBe('False');
      return found;
    });
    expect(applied.status?.conditions?.find((c) => c.type === 'Valid')?.status).toBe('True');
    await eventually(() => expect(states.at(-1)).toBe('available'));
    stopWatching.abort();
    await watching;
    expect(states).toContain('preparing');
  });
});
