import { describe, expect, it } from 'vitest';
import type { HardwareRecord } from '../../boot/hardware-store';
import { stuckMachineItem } from './stuck-machines';

const now = Date.parse('2026-06-01T12:00:00Z');

function record(state: HardwareRecord['state'], minutesAgo: number): HardwareRecord {
  return {
    mac: '52:54:00:00:00:01',
    vendor: null,
    firstSeen: 0,
    lastSeen: 0,
    bootCount: 1,
    ip: null,
    boundAt: null,
    conflict: null,
    uuid: null,
    serial: null,
    hostname: null,
    state,
    claim: { uid: '', namespace: 'tenant', name: 'worker-0' },
    attempts: 0,
    failureReason: null,
    failureMessage: null,
    stateChangedAt: now - minutesAgo * 60_000,
  };
}

describe('stuckMachineItem', () => {
  it('raises a released machine still wiping past its bound, with what it waits for', () => {
    expect(stuckMachineItem(record('wiping', 25), now)).toEqual({
      kind: 'Machine',
      namespace: '',
      name: '52:54:00:00:00:01',
      detail:
        'Wiping for 25 min (expected within 20 min): waiting for the machine to boot into the wiper (tenant/worker-0)',
      since: '2026-06-01T11:35:00.000Z',
    });
  });

  it.each([
    { state: 'wiping' as const, minutes: 10 },
    { state: 'provisioned' as const, minutes: 9_999 },
    { state: 'unleased' as const, minutes: 9_999 },
  ])('leaves $state after $minutes min alone', ({ state, minutes }) => {
    expect(stuckMachineItem(record(state, minutes), now)).toBeUndefined();
  });
});
