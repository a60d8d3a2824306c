import { describe, expect, it } from 'vitest';
import {
  isLocallyAdministered,
  isMac,
  isMulticast,
  macHex,
  macSearchFragment,
  normalizeMac,
} from './mac-address';

describe('normalizeMac', () => {
  it.each([
    ['aa:bb:cc:dd:ee:ff', 'aa:bb:cc:dd:ee:ff'],
    ['AA:BB:CC:DD:EE:FF', 'aa:bb:cc:dd:ee:ff'],
    ['AA-BB-CC-DD-EE-FF', 'aa:bb:cc:dd:ee:ff'],
    ['aa-bb-cc-dd-ee-ff', 'aa:bb:cc:dd:ee:ff'],
    ['aabb.ccdd.eeff', 'aa:bb:cc:dd:ee:ff'],
    ['AABB.CCDD.EEFF', 'aa:bb:cc:dd:ee:ff'],
    ['aabbccddeeff', 'aa:bb:cc:dd:ee:ff'],
    ['AABBCCDDEEFF', 'aa:bb:cc:dd:ee:ff'],
    ['aabbcc-ddeeff', 'aa:bb:cc:dd:ee:ff'],
    ['aa bb cc dd ee ff', 'aa:bb:cc:dd:ee:ff'],
    ['0:1b:21:a:b:c', '00:1b:21:0a:0b:0c'],
    ['  52:54:00:b6:ed:31  ', '52:54:00:b6:ed:31'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeMac(input)).toBe(expected);
    expect(isMac(input)).toBe(true);
  });

  it.each([
    [''],
    ['aa:bb:cc:dd:ee'],
    ['aa:bb:cc:dd:ee:ff:00'],
    ['aa:bb:cc:dd:ee:fg'],
    ['aabbccddeef'],
    ['aabbccddeeff0'],
    ['aa:bb-cc:dd:ee:ff'],
    ['aab.bccd.deeff'],
    ['aaa:bb:cc:dd:ee:ff'],
    ['10.0.0.1'],
    ['node-01'],
  ])('%j is not a MAC', (input) => {
    expect(normalizeMac(input)).toBeUndefined();
    expect(macHex(input)).toBeUndefined();
    expect(isMac(input)).toBe(false);
  });
});

describe('address bits', () => {
  it.each([
    ['52:54:00:12:34:56', true, false],
    ['02:00:00:00:00:01', true, false],
    ['00:1b:21:00:00:01', false, false],
    ['01:00:5e:00:00:01', false, true],
    ['03:00:00:00:00:01', true, true],
  ])('%s local=%s multicast=%s', (mac, local, multicast) => {
    expect(isLocallyAdministered(mac)).toBe(local);
    expect(isMulticast(mac)).toBe(multicast);
  });

  it('is neither for something that is not a MAC', () => {
    expect(isLocallyAdministered('nope')).toBe(false);
    expect(isMulticast('nope')).toBe(false);
  });
});

describe('macSearchFragment', () => {
  it.each([
    ['52:54:00:B6:ED:31', '525400b6ed31'],
    ['5254.00b6.ed31', '525400b6ed31'],
    ['52-54-00-b6-ed-31', '525400b6ed31'],
    ['ED:31', 'ed31'],
    ['ed-31', 'ed31'],
    ['b6ed', 'b6ed'],
    ['00b6.ed', '00b6ed'],
    ['b6:e', 'b6e'],
    ['ab', 'ab'],
    ['  AB  ', 'ab'],
  ])('%j → %j', (query, expected) => {
    expect(macSearchFragment(query)).toBe(expected);
  });

  it.each([
    [''],
    ['a'],
    ['node'],
    ['rack-1'],
    ['10.0.3'],
    ['192.168.1.10'],
    ['10.'],
    ['aa:bb:cc:dd:ee:ff:00'],
  ])('%j cannot be part of a MAC', (query) => {
    expect(macSearchFragment(query)).toBeUndefined();
  });
});
