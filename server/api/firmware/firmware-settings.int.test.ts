import { describe, expect, it } from 'vitest';
import { labHostTestbed } from '../../../tools/testenv/lab-host-testbed';
import { eventually } from '../../../tools/testenv/eventually';
import { firstSnapshot } from '../../../tools/testenv/subscription-snapshot';
import { kubeGetJson } from '../../kube/kube-request';
import type { HostFirmwareSettings } from '../../types/crds/host-firmware-settings';
import type { AuditRow } from '../access/audit-query';
import type { WriteAnswer } from './write-checked-patch';
import { NO_SCHEMA, type FirmwareView } from './firmware-view';

const bed = labHostTestbed('firmware', [
  ['fw-a', 'redfish+https://10.10.8.1/redfish/v1/Systems/1'],
  ['fw-ipmi', 'ipmi://10.10.8.2:623'],
]);
const { kc, namespace, metal3 } = bed;

const view = (name: string) =>
  firstSnapshot<FirmwareView>(bed.admin, 'firmware.settings', { namespace, name });
const stored = (name: string) =>
  kubeGetJson<HostFirmwareSettings>(kc, `${metal3}/hostfirmwaresettings/${name}`);

/** The page's view once the console's cache has the host's settings at the stored version. */
async function settled(name: string, check: (view: FirmwareView) => void = () => undefined) {
  return eventually(async () => {
    const [seen, hfs] = await Promise.all([view(name), stored(name)]);
    expect(seen.resourceVersion).toBe(hfs.metadata.resourceVersion);
    check(seen);
    return seen;
  }, 60_000);
}

describe('firmware settings through tRPC, applied by the lab at the next cleaning', () => {
  it('shows the settings joined with their schema', async () => {
    const seen = await settled('fw-a', (current) => expect(current.schema?.model).toBe('Virtual server'));
    expect(seen.readOnly).toBeUndefined();
    const logical = seen.settings.find((row) => row.name === 'LogicalProc');
    expect(logical).toMatchObject({
      current: 'Enabled',
      schema: { attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'] },
      state: { state: 'current' },
    });
    expect(seen.settings.find((row) => row.name === 'SystemServiceTag')?.schema?.read_only).toBe(true);
  });

  it("refuses a value outside the allowed list at the edge in the schema's words, writing nothing", async () => {
    const before = await stored('fw-a');
    const answer = await bed.admin.mutate<WriteAnswer>('firmware.change', {
      namespace,
      name: 'fw-a',
      resourceVersion: before.metadata.resourceVersion,
      settings: { LogicalProc: 'Sometimes' },
    });
    expect(answer.data).toEqual({
      status: 'rejected',
      message: 'nothing was written: LogicalProc: "Sometimes" is not one of Enabled, Disabled',
      fieldErrors: { LogicalProc: 'LogicalProc: "Sometimes" is not one of Enabled, Disabled' },
    });
    const after = await stored('fw-a');
    expect(after.metadata.generation).toBe(before.metadata.generation);
    expect(after.spec?.settings).toEqual({});

    const refused = await bed.viewer.mutate('firmware.change', {
      namespace,
      name: 'fw-a',
      resourceVersion: before.metadata.resourceVersion,
      settings: { LogicalProc: 'Disabled' },
    });
    expect(refused.error?.code).toBe('FORBIDDEN');
  });

  it('writes a valid change as BMO expects, audited; the lab applies it at the next cleaning', async () => {
    const before = await settled('fw-a');
    const answer = await bed.admin.mutate<WriteAnswer>('firmware.change', {
      namespace,
      name: 'fw-a',
      resourceVersion: before.resourceVersion,
      settings: { LogicalProc: 'Disabled', PxeDev1VlanId: '120' },
    });
    expect(answer.data?.status).toBe('written');
    expect((await stored('fw-a')).spec?.settings).toEqual({ LogicalProc: 'Disabled', PxeDev1VlanId: 120 });

    const audit = await bed.admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'firmware.change' });
    expect(audit.data?.rows.some((row) => row.target === `${namespace}/fw-a`)).toBe(true);

    const applied = await settled('fw-a', (current) => {
      const rows = current.settings.filter((row) => row.wanted !== undefined);
      expect(rows.map((row) => [row.name, row.current, row.state.state])).toEqual([
        ['LogicalProc', 'Disabled', 'applied'],
        ['PxeDev1VlanId', '120', 'applied'],
      ]);
    });
    expect(applied.conditions.find((condition) => condition.type === 'ChangeDetected')?.status).toBe('False');
    const stale = await bed.admin.mutate<WriteAnswer>('firmware.change', {
      namespace,
      name: 'fw-a',
      resourceVersion: before.resourceVersion,
      settings: { LogicalProc: 'Enabled' },
    });
    expect(stale.data?.status).toBe('rejected');
    expect(stale.data?.status === 'rejected' && stale.data.message).toMatch(/changed after you opened/);
  });

  it('shows a host without a FirmwareSchema read-only and refuses a change to it', async () => {
    const seen = await settled('fw-ipmi', (current) => expect(current.settings.length).toBeGreaterThan(20));
    expect(seen.readOnly).toBe(NO_SCHEMA);
    const answer = await bed.admin.mutate<WriteAnswer>('firmware.change', {
      namespace,
      name: 'fw-ipmi',
      resourceVersion: seen.resourceVersion,
      settings: { LogicalProc: 'Disabled' },
    });
    expect(answer.data).toEqual({ status: 'rejected', message: NO_SCHEMA });
  });
});
