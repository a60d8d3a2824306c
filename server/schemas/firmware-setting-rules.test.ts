import { describe, expect, it } from 'vitest';
import {
  settingsProblems,
  settingsValidCondition,
  settingValueProblem,
  type SettingSchema,
  type SettingValue,
} from './firmware-setting-rules';

const onOff: SettingSchema = { attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'] };
const retries: SettingSchema = { attribute_type: 'Integer', lower_bound: 0, upper_bound: 20 };
const assetTag: SettingSchema = { attribute_type: 'String', min_length: 2, max_length: 8 };
const secureBoot: SettingSchema = { attribute_type: 'Boolean' };

describe('settingValueProblem: one value against its schema entry', () => {
  it.each<[string, string, SettingValue, SettingSchema | undefined, string | undefined]>([
    ['an allowed enumeration value', 'SRIOV', 'Enabled', onOff, undefined],
    ['a value outside the list', 'SRIOV', 'On', onOff, 'SRIOV: "On" is not one of Enabled, Disabled'],
    [
      'enumeration values are case-sensitive',
      'SRIOV',
      'enabled',
      onOff,
      'SRIOV: "enabled" is not one of Enabled, Disabled',
    ],
    [
      'an enumeration without allowed values',
      'SRIOV',
      'Enabled',
      { attribute_type: 'Enumeration' },
      'SRIOV: "Enabled" cannot be set: the schema allows no value',
    ],
    ['an integer inside the bounds', 'Retries', 20, retries, undefined],
    ['an integer as text', 'Retries', '0', retries, undefined],
    ['a signed integer as text', 'Retries', '+5', retries, undefined],
    ['below the lower bound', 'Retries', -1, retries, 'Retries: -1 is below the lowest allowed value, 0'],
    ['above the upper bound', 'Retries', '21', retries, 'Retries: 21 is above the highest allowed value, 20'],
    ['text that is no integer', 'Retries', 'ten', retries, 'Retries: "ten" is not a whole number'],
    ['a fraction', 'Retries', 2.5, retries, 'Retries: "2.5" is not a whole number'],
    ['a fraction as text', 'Retries', '2.5', retries, 'Retries: "2.5" is not a whole number'],
    ['an integer without bounds', 'Retries', 99999, { attribute_type: 'Integer' }, undefined],
    ['a string within the lengths', 'AssetTag', 'rk-07', assetTag, undefined],
    ['a string at the maximum', 'AssetTag', 'abcdefgh', assetTag, undefined],
    [
      'a string too short',
      'AssetTag',
      'a',
      assetTag,
      'AssetTag: "a" is shorter than the 2 characters required',
    ],
    [
      'a string too long',
      'AssetTag',
      'abcdefghi',
      assetTag,
      'AssetTag: "abcdefghi" is longer than the 8 characters allowed',
    ],
    [
      'lengths counted in UTF-8 bytes',
      'AssetTag',
      'ééééé',
      assetTag,
      'AssetTag: "ééééé" is longer than the 8 characters allowed',
    ],
    ['a number for a string setting', 'AssetTag', 42, assetTag, undefined],
    ['true', 'SecureBoot', 'true', secureBoot, undefined],
    ['false', 'SecureBoot', 'false', secureBoot, undefined],
    ['a capitalised boolean', 'SecureBoot', 'True', secureBoot, 'SecureBoot: "True" is not true or false'],
    ['a number for a boolean', 'SecureBoot', 1, secureBoot, 'SecureBoot: "1" is not true or false'],
    [
      'a Password-typed setting',
      'SetupKey',
      'secret',
      { attribute_type: 'Password' },
      'SetupKey: a password cannot be set through settings',
    ],
    [
      'a setting whose name says Password',
      'AdminPassword',
      'x',
      {},
      'AdminPassword is a password and cannot be set',
    ],
    ['a read-only setting', 'ProcCPUCores', 8, { ...retries, read_only: true }, 'ProcCPUCores is read-only'],
    ['read_only false', 'Retries', 3, { ...retries, read_only: false }, undefined],
    ['an entry without a type', 'Vendor', 'anything', {}, undefined],
    [
      'a setting the schema lacks',
      'Turbo',
      'Enabled',
      undefined,
      "Turbo is not a setting of this hardware's schema",
    ],
    [
      'a type the CRD does not know',
      'Turbo',
      'Enabled',
      { attribute_type: 'Flag' } as unknown as SettingSchema,
      'Turbo: the schema gives it an unknown type, Flag',
    ],
  ])('%s', (_, name, value, entry, expected) => {
    expect(settingValueProblem(name, value, entry)).toBe(expected);
  });
});

describe('settingsProblems: the wanted settings of a host', () => {
  const schema = {
    SRIOV: onOff,
    NetworkBootRetryCount: retries,
    SystemModelName: { ...assetTag, read_only: true },
  };
  const current = {
    SRIOV: 'Disabled',
    NetworkBootRetryCount: '10',
    SystemModelName: 'R650',
    AdminPassword: '',
  };

  it('passes values the schema allows', () => {
    expect(settingsProblems({ SRIOV: 'Enabled', NetworkBootRetryCount: 20 }, current, schema)).toEqual([]);
  });

  it('lists each refused setting once, in name order', () => {
    expect(
      settingsProblems(
        {
          SystemModelName: 'X',
          SRIOV: 'Maybe',
          NetworkBootRetryCount: '5',
          Turbo: 'Enabled',
          AdminPassword: 'p',
        },
        current,
        schema,
      ),
    ).toEqual([
      { setting: 'AdminPassword', message: 'AdminPassword is a password and cannot be set' },
      { setting: 'SRIOV', message: 'SRIOV: "Maybe" is not one of Enabled, Disabled' },
      { setting: 'SystemModelName', message: 'SystemModelName is read-only' },
      { setting: 'Turbo', message: "Turbo is not among the host's settings" },
    ]);
  });

  it('without a schema, checks only that the host has the setting', () => {
    expect(settingsProblems({ SRIOV: 'Maybe', Turbo: 'On' }, current, undefined)).toEqual([
      { setting: 'Turbo', message: "Turbo is not among the host's settings" },
    ]);
  });

  it('a setting the host has but the schema lacks is refused', () => {
    expect(settingsProblems({ SRIOV: 'Enabled' }, current, {})).toEqual([
      { setting: 'SRIOV', message: "SRIOV is not a setting of this hardware's schema" },
    ]);
  });
});

describe('settingsValidCondition: BMO words', () => {
  it('Valid=True, reason Success when nothing is refused', () => {
    expect(settingsValidCondition([], 3)).toEqual({
      type: 'Valid',
      status: 'True',
      reason: 'Success',
      message: '',
      observedGeneration: 3,
    });
  });

  it('Valid=False, reason ConfigurationError, message "Invalid BIOS setting" otherwise', () => {
    expect(settingsValidCondition([{ setting: 'SRIOV', message: 'x' }], undefined)).toEqual({
      type: 'Valid',
      status: 'False',
      reason: 'ConfigurationError',
      message: 'Invalid BIOS setting',
    });
  });
});
