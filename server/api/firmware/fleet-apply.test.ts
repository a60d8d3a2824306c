import { describe, expect, it } from 'vitest';
import type { FirmwareSchema } from '../../types/crds/firmware-schema';
import type { HostFirmwareSettings } from '../../types/crds/host-firmware-settings';
import { NO_SCHEMA, NO_SETTINGS } from './firmware-view';
import { fleetApplyStep } from './fleet-apply';

const schema: FirmwareSchema = {
  apiVersion: 'metal3.io/v1alpha1',
  kind: 'FirmwareSchema',
  metadata: { name: 'schema-1', namespace: 'lab' },
  spec: {
    hardwareVendor: 'Dell Inc.',
    hardwareModel: 'R650',
    schema: {
      LogicalProc: { attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'] },
      PxeDev1VlanId: { attribute_type: 'Integer', lower_bound: 0, upper_bound: 4094 },
      SystemServiceTag: { attribute_type: 'String', read_only: true },
    },
  },
};

function hfs(
  wanted: Record<string, string | number> = {},
  current: Record<string, string> = {},
): HostFirmwareSettings {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HostFirmwareSettings',
    metadata: { name: 'h', namespace: 'lab', resourceVersion: '7' },
    spec: { settings: wanted },
    status: {
      settings: { LogicalProc: 'Enabled', PxeDev1VlanId: '0', SystemServiceTag: 'ABC', ...current },
      schema: { name: 'schema-1', namespace: 'lab' },
    },
  };
}

const r650 = (settings: Record<string, string | number>) => ({
  vendor: 'Dell Inc.',
  model: 'R650',
  settings,
});

describe('fleetApplyStep: one host of a fleet apply', () => {
  it.each([
    ['no settings reported', undefined, schema, r650({ LogicalProc: 'Disabled' }), NO_SETTINGS],
    ['no schema', hfs(), undefined, r650({ LogicalProc: 'Disabled' }), NO_SCHEMA],
    [
      'another model',
      hfs(),
      schema,
      { vendor: 'Dell Inc.', model: 'R750', settings: { LogicalProc: 'Disabled' } },
      'it is a Dell Inc. R650, not a Dell Inc. R750',
    ],
    [
      'a read-only setting',
      hfs(),
      schema,
      r650({ LogicalProc: 'Disabled', SystemServiceTag: 'X' }),
      'read-only on this host: SystemServiceTag',
    ],
    [
      'already matching',
      hfs(),
      schema,
      r650({ LogicalProc: 'Enabled', PxeDev1VlanId: 0 }),
      'its settings already match',
    ],
    [
      'already asked for',
      hfs({ LogicalProc: 'Disabled' }),
      schema,
      r650({ LogicalProc: 'Disabled' }),
      'its settings already ask for these values: they are applied at its next cleaning',
    ],
    [
      'a value the schema refuses',
      hfs(),
      schema,
      r650({ PxeDev1VlanId: 5000 }),
      'nothing was written: PxeDev1VlanId: 5000 is above the highest allowed value, 4094',
    ],
  ])('skips: %s', (_, settings, hostSchema, target, reason) => {
    expect(fleetApplyStep(settings, hostSchema, target)).toEqual({ kind: 'skip', reason });
  });

  it('writes only the settings that differ, as BMO expects them, at the version read', () => {
    expect(
      fleetApplyStep(
        hfs({}, { PxeDev1VlanId: '120' }),
        schema,
        r650({ LogicalProc: 'Disabled', PxeDev1VlanId: '120' }),
      ),
    ).toEqual({
      kind: 'write',
      settings: { LogicalProc: 'Disabled' },
      patch: { metadata: { resourceVersion: '7' }, spec: { settings: { LogicalProc: 'Disabled' } } },
    });
    expect(
      fleetApplyStep(
        hfs({ LogicalProc: 'Disabled' }),
        schema,
        r650({ LogicalProc: 'Enabled', PxeDev1VlanId: '9' }),
      ),
    ).toEqual({
      kind: 'write',
      settings: { LogicalProc: 'Enabled', PxeDev1VlanId: '9' },
      patch: {
        metadata: { resourceVersion: '7' },
        spec: { settings: { LogicalProc: 'Enabled', PxeDev1VlanId: 9 } },
      },
    });
  });
});
