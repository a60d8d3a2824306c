import { describe, expect, it } from 'vitest';
import { flavorOf, rackOf } from './host-labels';

describe('rackOf / flavorOf', () => {
  it.each<{ labels: Record<string, string> | undefined; rack: string | undefined }>([
    { labels: { 'rackpilot.io/rack': 'r1', 'vino.airshipit.org/rack': 'r9' }, rack: 'r1' },
    { labels: { 'vino.airshipit.org/rack': 'r006' }, rack: 'r006' },
    { labels: { 'topology.kubernetes.io/zone': 'z1' }, rack: 'z1' },
    { labels: {}, rack: undefined },
    { labels: undefined, rack: undefined },
  ])('rack of $labels is $rack', ({ labels, rack }) => {
    expect(rackOf(labels)).toBe(rack);
  });

  it('reads the flavor from our key, then from ViNO', () => {
    expect(flavorOf({ 'rackpilot.io/flavor': 'worker' })).toBe('worker');
    expect(flavorOf({ 'vino.airshipit.org/flavor': 'control-plane' })).toBe('control-plane');
    expect(flavorOf({})).toBeUndefined();
  });
});
