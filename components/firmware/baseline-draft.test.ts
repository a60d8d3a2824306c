import { describe, expect, it } from 'vitest';
import type { SettingSchema } from '@/server/schemas/firmware-setting-rules';
import { draftFrom, draftProblems, writableSettings } from './baseline-draft';

const entries: Record<string, SettingSchema> = {
  LogicalProc: { attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'] },
  PxeDev1VlanId: { attribute_type: 'Integer', lower_bound: 0, upper_bound: 4094 },
  SystemServiceTag: { attribute_type: 'String', read_only: true },
  AdminPassword: { attribute_type: 'Password' },
};

describe('baseline draft', () => {
  it('names only the settings an operator may write', () => {
    expect(writableSettings(entries)).toEqual(['LogicalProc', 'PxeDev1VlanId']);
  });

  it.each([
    [
      'the majority',
      { LogicalProc: 'Enabled', PxeDev1VlanId: '0', SystemServiceTag: 'A' },
      { LogicalProc: 'Enabled', PxeDev1VlanId: '0' },
    ],
    ['a saved baseline (integers as numbers)', { PxeDev1VlanId: 120 }, { PxeDev1VlanId: '120' }],
    ['a host missing a setting', { LogicalProc: 'Disabled' }, { LogicalProc: 'Disabled' }],
  ])('starts from %s', (_, values, draft) => {
    expect(draftFrom(values, entries)).toEqual(draft);
  });

  it.each([
    [{ LogicalProc: 'Enabled', PxeDev1VlanId: '0' }, {}],
    [
      { PxeDev1VlanId: '5000' },
      { PxeDev1VlanId: 'PxeDev1VlanId: 5000 is above the highest allowed value, 4094' },
    ],
    [
      { LogicalProc: 'Sometimes' },
      { LogicalProc: 'LogicalProc: "Sometimes" is not one of Enabled, Disabled' },
    ],
    [{ Unknown: 'x' }, { Unknown: "Unknown is not a setting of this hardware's schema" }],
  ])('checks %o by the host editor’s rules', (draft, problems) => {
    expect(draftProblems(draft, entries)).toEqual(problems);
  });
});
