import { describe, expect, it } from 'vitest';
import type { FirmwareSchema } from '../../types/crds/firmware-schema';
import type { HostFirmwareSettings } from '../../types/crds/host-firmware-settings';
import { firmwareView, NO_SCHEMA, NO_SETTINGS } from './firmware-view';
import { settingsChange } from './settings-change';

const schema: FirmwareSchema = {
  apiVersion: 'metal3.io/v1alpha1',
  kind: 'FirmwareSchema',
  metadata: { name: 'schema-1', namespace: 'lab' },
  spec: {
    hardwareVendor: 'Dell Inc.',
    hardwareModel: 'PowerEdge R650',
    schema: {
      LogicalProc: { attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'] },
      PxeDev1VlanId: { attribute_type: 'Integer', lower_bound: 0, upper_bound: 4094 },
      SystemServiceTag: { attribute_type: 'String', max_length: 32, read_only: true },
    },
  },
};

function hfs(wanted: Record<string, string | number> = {}): HostFirmwareSettings {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HostFirmwareSettings',
    metadata: { name: 'h', namespace: 'lab', generation: 1, resourceVersion: '7' },
    spec: { settings: wanted },
    status: {
      settings: { LogicalProc: 'Enabled', PxeDev1VlanId: '0', SystemServiceTag: 'ABC' },
      schema: { name: 'schema-1', namespace: 'lab' },
    },
  };
}

describe('settingsChange: checked at the edge', () => {
  it('writes integers as numbers and the rest as text, at the version edited', () => {
    expect(settingsChange(hfs(), schema, { LogicalProc: 'Disabled', PxeDev1VlanId: '120' }, '7')).toEqual({
      status: 'ok',
      patch: {
        metadata: { resourceVersion: '7' },
        spec: { settings: { LogicalProc: 'Disabled', PxeDev1VlanId: 120 } },
      },
    });
  });

  it("refuses a value outside the schema's list in the schema's words, per setting", () => {
    const answer = settingsChange(hfs(), schema, { LogicalProc: 'Sometimes', SystemServiceTag: 'X' }, '7');
    expect(answer).toEqual({
      status: 'rejected',
      message:
        'nothing was written: LogicalProc: "Sometimes" is not one of Enabled, Disabled; SystemServiceTag is read-only',
      fieldErrors: {
        LogicalProc: 'LogicalProc: "Sometimes" is not one of Enabled, Disabled',
        SystemServiceTag: 'SystemServiceTag is read-only',
      },
    });
  });

  it('refuses anything without settings or without a schema, saying so', () => {
    expect(settingsChange(undefined, schema, { LogicalProc: 'Disabled' }, '7')).toEqual({
      status: 'rejected',
      message: NO_SETTINGS,
    });
    expect(settingsChange(hfs(), undefined, { LogicalProc: 'Disabled' }, '7')).toEqual({
      status: 'rejected',
      message: NO_SCHEMA,
    });
  });
});

describe('firmwareView: settings joined with their schema and state', () => {
  it('joins each reported setting with its entry and what became of a wanted value', () => {
    const view = firmwareView(hfs({ PxeDev1VlanId: 120 }), schema);
    expect(view.readOnly).toBeUndefined();
    expect(view.schema).toEqual({ name: 'schema-1', vendor: 'Dell Inc.', model: 'PowerEdge R650' });
    expect(view.resourceVersion).toBe('7');
    expect(view.settings.map((row) => [row.name, row.current, row.wanted, row.state.state])).toEqual([
      ['LogicalProc', 'Enabled', undefined, 'current'],
      ['PxeDev1VlanId', '0', '120', 'pending'],
      ['SystemServiceTag', 'ABC', undefined, 'current'],
    ]);
    expect(view.settings[2]?.schema?.read_only).toBe(true);
  });

  it('names the problem of a refused value and is read-only without a schema', () => {
    const refused = hfs({ LogicalProc: 'Sometimes' });
    refused.status = {
      ...refused.status,
      settings: refused.status?.settings ?? {},
      conditions: [
        {
          type: 'Valid',
          status: 'False',
          reason: 'ConfigurationError',
          message: 'Invalid BIOS setting',
          observedGeneration: 1,
          lastTransitionTime: 't',
        },
      ],
    };
    const row = firmwareView(refused, schema).settings[0];
    expect(row?.state).toEqual({ state: 'failed', reason: 'ConfigurationError: Invalid BIOS setting' });
    expect(row?.problem).toBe('LogicalProc: "Sometimes" is not one of Enabled, Disabled');
    expect(firmwareView(hfs(), undefined).readOnly).toBe(NO_SCHEMA);
    expect(firmwareView(undefined, undefined)).toEqual({
      readOnly: NO_SETTINGS,
      conditions: [],
      settings: [],
    });
  });
});
