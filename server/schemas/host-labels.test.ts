import { describe, expect, it } from 'vitest';
import { DEFAULT_RACK_LABEL_KEYS, flavorOf, rackLabelKeyOf, rackOf } from './host-labels';

describe('rackOf / flavorOf', () => {
  it.each<{ labels: Record<string, string> | undefined; rack: string | undefined }>([
    { labels: { 'rackpilot.io/rack': 'r1', 'vino.airshipit.org/rack': 'r9' }, rack: 'r1' },
    { labels: { 'vino.airshipit.org/rack': 'r006' }, rack: 'r006' },
    { labels: { 'topology.kubernetes.io/zone': 'z1' }, rack: 'z1' },
    { labels: {}, rack: undefined },
    { labels: undefined, rack: undefined },
  ])('rack of $labels is $rack', ({ labels, rack }) => {
    expect(rackOf(labels, DEFAULT_RACK_LABEL_KEYS)).toBe(rack);
  });

  it('reads the rack from configured keys only, in their order', () => {
    const labels = { 'rackpilot.io/rack': 'ours', 'example.com/row': 'row-3', 'example.com/rack': 'r9' };
    expect(rackOf(labels, ['example.com/rack', 'example.com/row'])).toBe('r9');
    expect(rackOf(labels, ['example.com/row', 'example.com/rack'])).toBe('row-3');
    expect(rackOf({ 'vino.airshipit.org/rack': 'r006' }, ['example.com/rack'])).toBeUndefined();
    expect(rackLabelKeyOf(labels, ['example.com/missing', 'example.com/row'])).toBe('example.com/row');
  });

  it('reads the flavor from our key, then from ViNO', () => {
    expect(flavorOf({ 'rackpilot.io/flavor': 'worker' })).toBe('worker');
    expect(flavorOf({ 'vino.airshipit.org/flavor': 'control-plane' })).toBe('control-plane');
    expect(flavorOf({})).toBeUndefined();
  });
});
