import { describe, expect, it } from 'vitest';
import { settingsProblems } from '../../server/schemas/firmware-setting-rules';
import { settingsAwaitCleaning, settingState } from '../../server/schemas/firmware-settings-state';
import type { BareMetalHost } from '../../server/types/crds/bare-metal-host';
import type { FirmwareSchema } from '../../server/types/crds/firmware-schema';
import type { HostFirmwareSettings } from '../../server/types/crds/host-firmware-settings';
import { labFirmwareSchema, labInitialSettings, labSchemaName } from './lab-firmware-catalogue';
import { planLabFirmware, type LabFirmwareWrite } from './lab-firmware-plan';
import { labSettingsStatus, settingsAfterCleaning } from './lab-firmware-status';

function host(
  name: string,
  model: string,
  bmc = 'redfish+https://10.0.0.1/redfish/v1/Systems/1',
): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name, namespace: 'lab', uid: `uid-${name}` },
    spec: { online: true, bmc: { address: bmc, credentialsName: 'c' } },
    status: {
      operationalStatus: 'OK',
      poweredOn: true,
      provisioning: { state: 'available', ID: name },
      hardware: {
        systemVendor: { manufacturer: 'Dell Inc.', productName: model, serialNumber: `SN-${name}` },
        firmware: { bios: { version: '1.13.2' } },
      },
    },
  };
}

function schemaOf(of: BareMetalHost): FirmwareSchema {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'FirmwareSchema',
    metadata: { name: labSchemaName(of), namespace: 'lab' },
    spec: labFirmwareSchema(of),
  };
}

function hfs(name: string, wanted: Record<string, string | number>, generation = 1): HostFirmwareSettings {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HostFirmwareSettings',
    metadata: { name, namespace: 'lab', generation },
    spec: { settings: wanted },
  };
}

const kinds = (writes: LabFirmwareWrite[]) =>
  writes.map((write) =>
    write.kind === 'status' || write.kind === 'components-status'
      ? `${write.kind} ${write.name}`
      : `${write.kind} ${write.object.kind}`,
  );

describe('the lab firmware catalogue', () => {
  it('offers 20 to 40 settings per model of every type, some read-only, valid for their own schema', () => {
    for (const model of ['PowerEdge R650', 'PowerEdge R740xd2']) {
      const of = host('h', model);
      const { schema } = labFirmwareSchema(of);
      const names = Object.keys(schema);
      expect(names.length).toBeGreaterThanOrEqual(20);
      expect(names.length).toBeLessThanOrEqual(40);
      const types = new Set(names.map((name) => schema[name]?.attribute_type));
      expect([...types].sort()).toEqual(['Boolean', 'Enumeration', 'Integer', 'String']);
      expect(names.some((name) => schema[name]?.read_only === true)).toBe(true);
      const writable = Object.fromEntries(
        Object.entries(labInitialSettings(of)).filter(([name]) => schema[name]?.read_only !== true),
      );
      expect(settingsProblems(writable, labInitialSettings(of), schema)).toEqual([]);
    }
    expect(labSchemaName(host('a', 'PowerEdge R650'))).toBe(labSchemaName(host('b', 'PowerEdge R650')));
    expect(labSchemaName(host('a', 'PowerEdge R650'))).not.toBe(labSchemaName(host('a', 'PowerEdge R750')));
    expect(labInitialSettings(host('a', 'PowerEdge R650')).SystemServiceTag).toBe('SN-a');
  });
});

describe('planLabFirmware: the objects BMO keeps per host', () => {
  it('creates HardwareData, one schema per model, then the settings, then their status', () => {
    const hosts = [host('a', 'PowerEdge R650'), host('b', 'PowerEdge R650')];
    const first = planLabFirmware({ hosts, settings: [], schemas: [], hardware: [], components: [] }, 'now');
    expect(kinds(first)).toEqual([
      'create HardwareData',
      'create HostFirmwareComponents',
      'create FirmwareSchema',
      'create HardwareData',
      'create HostFirmwareComponents',
    ]);
    const schemas = [schemaOf(hosts[0] as BareMetalHost)];
    const second = planLabFirmware({ hosts, settings: [], schemas, hardware: [], components: [] }, 'now');
    expect(kinds(second)).toContain('create HostFirmwareSettings');
    const settings = [hfs('a', {}), hfs('b', {})];
    const third = planLabFirmware({ hosts, settings, schemas, hardware: [], components: [] }, 'now');
    expect(kinds(third).filter((kind) => kind.startsWith('status'))).toEqual(['status a', 'status b']);
  });

  it('gives a host without a BIOS registry (IPMI) its settings and no schema, and waits for inspection', () => {
    const ipmi = host('i', 'M50CYP2SB1U', 'ipmi://10.0.0.9:623');
    const writes = planLabFirmware(
      { hosts: [ipmi], settings: [hfs('i', {})], schemas: [], hardware: [], components: [] },
      'now',
    );
    const status = writes.find((write) => write.kind === 'status');
    expect(status?.kind === 'status' && status.status.schema).toBeUndefined();
    // No firmware interface over IPMI: BMO makes no HostFirmwareComponents.
    expect(kinds(writes).some((kind) => kind.includes('Components'))).toBe(false);
    const inspecting = {
      ...ipmi,
      status: { ...ipmi.status, provisioning: { state: 'inspecting' as const } },
    };
    expect(
      planLabFirmware(
        { hosts: [inspecting], settings: [], schemas: [], hardware: [], components: [] },
        'now',
      ),
    ).toEqual([]);
  });

  it('writes nothing when the status already says it', () => {
    const of = host('a', 'PowerEdge R650');
    const schema = schemaOf(of);
    const settings = hfs('a', {});
    settings.status = {
      ...labSettingsStatus(settings, labInitialSettings(of), schema, 't'),
      lastUpdated: 't',
    };
    const objects = { hosts: [of], settings: [settings], schemas: [schema], hardware: [], components: [] };
    expect(kinds(planLabFirmware(objects, 'later'))).toEqual([
      'create HardwareData',
      'create HostFirmwareComponents',
    ]);
  });
});

describe('labSettingsStatus: BMO conditions on HostFirmwareSettings', () => {
  const of = host('a', 'PowerEdge R650');
  const schema = schemaOf(of);
  const current = labInitialSettings(of);

  it('detects a valid change, awaits a cleaning, and after it says applied', () => {
    const wanted = hfs('a', { LogicalProc: 'Disabled', PxeDev1VlanId: 120 }, 2);
    wanted.status = labSettingsStatus(wanted, current, schema, 't1');
    expect(wanted.status.conditions).toEqual([
      {
        type: 'ChangeDetected',
        status: 'True',
        reason: 'Success',
        message: '',
        observedGeneration: 2,
        lastTransitionTime: 't1',
      },
      {
        type: 'Valid',
        status: 'True',
        reason: 'Success',
        message: '',
        observedGeneration: 2,
        lastTransitionTime: 't1',
      },
    ]);
    expect(settingsAwaitCleaning(wanted)).toBe(true);
    expect(settingState(wanted, 'LogicalProc')).toEqual({ state: 'pending' });
    expect(settingState(wanted, 'BootMode')).toEqual({ state: 'current' });

    const cleaned = settingsAfterCleaning(wanted);
    expect(cleaned.PxeDev1VlanId).toBe('120');
    wanted.status = labSettingsStatus(wanted, cleaned, schema, 't2');
    expect(wanted.status.conditions?.map((c) => [c.type, c.status, c.lastTransitionTime])).toEqual([
      ['ChangeDetected', 'False', 't2'],
      ['Valid', 'True', 't1'],
    ]);
    expect(settingsAwaitCleaning(wanted)).toBe(false);
    expect(settingState(wanted, 'PxeDev1VlanId')).toEqual({ state: 'applied' });
  });

  it('refuses an invalid value with BMO condition, and no cleaning starts', () => {
    const wanted = hfs('a', { LogicalProc: 'Maybe' });
    wanted.status = labSettingsStatus(wanted, current, schema, 't1');
    expect(wanted.status.conditions?.find((c) => c.type === 'Valid')).toMatchObject({
      status: 'False',
      reason: 'ConfigurationError',
      message: 'Invalid BIOS setting',
    });
    expect(settingsAwaitCleaning(wanted)).toBe(false);
    expect(settingState(wanted, 'LogicalProc')).toEqual({
      state: 'failed',
      reason: 'ConfigurationError: Invalid BIOS setting',
    });
  });

  it('calls a change pending while the operator has not seen its generation', () => {
    const wanted = hfs('a', { LogicalProc: 'Maybe' });
    wanted.status = labSettingsStatus(wanted, current, schema, 't1');
    wanted.metadata.generation = 2;
    expect(settingState(wanted, 'LogicalProc')).toEqual({ state: 'pending' });
    expect(settingsAwaitCleaning(wanted)).toBe(false);
  });
});
