import { describe, expect, it } from 'vitest';
import type { FirmwareSettingRow } from '@/server/api/firmware/firmware-view';
import { draftChanges, draftProblems, draftedSettings } from './firmware-draft';

const rows: FirmwareSettingRow[] = [
  {
    name: 'LogicalProc',
    current: 'Enabled',
    schema: { attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'] },
    state: { state: 'current' },
  },
  {
    name: 'PxeDev1VlanId',
    current: '0',
    wanted: '120',
    schema: { attribute_type: 'Integer', lower_bound: 0, upper_bound: 4094 },
    state: { state: 'pending' },
  },
];

describe('the firmware draft', () => {
  it('keeps only values that change their base (the wanted value while it waits)', () => {
    const draft = { LogicalProc: 'Enabled', PxeDev1VlanId: '200' };
    expect(draftedSettings(rows, draft)).toEqual({ PxeDev1VlanId: '200' });
    expect(draftChanges(rows, draft)).toEqual([{ path: 'PxeDev1VlanId', before: '120', after: '200' }]);
  });

  it("names the schema's objections before anything is sent", () => {
    expect(draftProblems(rows, { LogicalProc: 'Maybe', PxeDev1VlanId: '5000' })).toEqual({
      LogicalProc: 'LogicalProc: "Maybe" is not one of Enabled, Disabled',
      PxeDev1VlanId: 'PxeDev1VlanId: 5000 is above the highest allowed value, 4094',
    });
    expect(draftProblems(rows, { LogicalProc: 'Disabled' })).toEqual({});
  });
});
