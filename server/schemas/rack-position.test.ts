import { describe, expect, it } from 'vitest';
import { DEFAULT_RACK_SETTINGS } from './rack-settings';
import { positionKeys, positionOf, positionProblems } from './rack-position';

const settings = { ...DEFAULT_RACK_SETTINGS, slotKey: 'example.com/u', heightKey: 'example.com/height' };
const empty = { rack: '', slot: '', height: '' };

describe('positionKeys and positionOf', () => {
  it('read the rack from the key the host uses, else ours, and slot and height from the configured keys', () => {
    expect(positionKeys({}, settings)).toEqual({
      rack: 'rackpilot.io/rack',
      slot: 'example.com/u',
      height: 'example.com/height',
    });
    const vino = { 'vino.airshipit.org/rack': 'r7', 'example.com/u': '12', other: 'x' };
    expect(positionKeys(vino, settings).rack).toBe('vino.airshipit.org/rack');
    expect(positionOf(vino, settings)).toEqual({ rack: 'r7', slot: '12', height: '' });
  });
});

describe('positionProblems', () => {
  it('accepts an empty position and one inside the rack', () => {
    expect(positionProblems(empty, 42)).toEqual({});
    expect(positionProblems({ rack: 'rack-1', slot: ' 41 ', height: '2' }, 42)).toEqual({});
    expect(positionProblems({ rack: '', slot: '1', height: '16' }, 42)).toEqual({});
  });

  it('names what is wrong with each field', () => {
    expect(positionProblems({ rack: 'rack 1', slot: '0', height: '17' }, 42)).toEqual({
      rack: expect.stringContaining('label value') as string,
      slot: 'A unit from 1 (the bottom) to 42',
      height: 'A number of units from 1 to 16',
    });
    expect(positionProblems({ ...empty, slot: 'U3' }, 42).slot).toBeDefined();
    expect(positionProblems({ ...empty, slot: '43' }, 42).slot).toBeDefined();
    expect(positionProblems({ ...empty, height: '1.5' }, 42).height).toBeDefined();
  });

  it('refuses a host standing above the top of its rack', () => {
    expect(positionProblems({ ...empty, slot: '42', height: '2' }, 42)).toEqual({
      height: "A 2U host at U42 would stand above the rack's 42U",
    });
    expect(positionProblems({ ...empty, slot: '10', height: '2' }, 10).height).toBeDefined();
    expect(positionProblems({ ...empty, slot: '9', height: '2' }, 10)).toEqual({});
  });
});
