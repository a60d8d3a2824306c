import { describe, expect, it } from 'vitest';
import {
  actionPatch,
  actionRefusal,
  deleteNeedsTypedName,
  hostRequestsOf,
  labelsPatch,
  offeredActions,
  type HostActionState,
} from './host-actions';

const none = { reboot: false, detach: false, inspect: false };
const host = (overrides: Partial<HostActionState>): HostActionState => ({
  group: 'available',
  state: 'available',
  power: 'on',
  online: true,
  claimed: false,
  requests: none,
  ...overrides,
});

describe('offeredActions: what a host in each state offers', () => {
  it.each<[string, Partial<HostActionState>, string[]]>([
    ['available and on', {}, ['power-off', 'restart', 'detach', 'inspect']],
    ['available and off', { power: 'off', online: false }, ['power-on', 'detach', 'inspect']],
    ['power-off pending', { power: 'on', online: false }, ['power-on', 'detach', 'inspect']],
    ['power-on pending', { power: 'off', online: true }, ['power-off', 'detach', 'inspect']],
    ['provisioned', { group: 'provisioned', state: 'provisioned' }, ['power-off', 'restart', 'detach']],
    [
      'detached',
      { group: 'detached', state: 'provisioned', requests: { ...none, detach: true } },
      ['power-off', 'restart', 'attach'],
    ],
    ['restart pending', { requests: { ...none, reboot: true } }, ['power-off', 'detach', 'inspect']],
    ['inspecting', { group: 'inspecting', state: 'inspecting' }, ['power-off', 'restart']],
    [
      'inspection failed',
      { group: 'error', state: 'inspecting', errorType: 'inspection error' },
      ['power-off', 'restart', 'inspect'],
    ],
    [
      'power management error',
      { group: 'error', state: 'available', errorType: 'power management error', power: 'unknown' },
      // Detaching is how an operator stops Metal3 retrying a broken BMC.
      ['power-off', 'detach'],
    ],
  ])('%s', (_, overrides, expected) => {
    expect(offeredActions(host(overrides))).toEqual(expected);
  });

  it('says why an action is refused', () => {
    expect(actionRefusal('power-off', host({ online: false }))).toBe(
      'it is already off or a power-off is pending',
    );
    expect(actionRefusal('detach', host({ group: 'provisioning', state: 'provisioning' }))).toMatch(
      /only provisioned/,
    );
  });
});

describe('deleteNeedsTypedName', () => {
  it('asks for the name when the host is provisioned or claimed', () => {
    expect(deleteNeedsTypedName(host({}))).toBe(false);
    expect(deleteNeedsTypedName(host({ claimed: true }))).toBe(true);
    expect(deleteNeedsTypedName(host({ group: 'provisioned', state: 'provisioned' }))).toBe(true);
    expect(deleteNeedsTypedName(host({ group: 'detached', state: 'provisioned' }))).toBe(true);
  });
});

describe('patches: exactly the field Metal3 defines', () => {
  it.each([
    ['power-off', { spec: { online: false } }],
    ['power-on', { spec: { online: true } }],
    ['restart', { metadata: { annotations: { 'reboot.metal3.io': '' } } }],
    ['detach', { metadata: { annotations: { 'baremetalhost.metal3.io/detached': '' } } }],
    ['attach', { metadata: { annotations: { 'baremetalhost.metal3.io/detached': null } } }],
    ['inspect', { metadata: { annotations: { 'inspect.metal3.io': '' } } }],
  ] as const)('%s', (action, patch) => {
    expect(actionPatch(action)).toEqual(patch);
  });

  it('labels: changed and new keys set, dropped keys removed, with the version edited', () => {
    expect(labelsPatch({ a: '1', b: '2', c: '3' }, { a: '1', b: '20', d: '4' }, '42')).toEqual({
      metadata: { resourceVersion: '42', labels: { b: '20', d: '4', c: null } },
    });
  });

  it('reads pending requests from the annotations', () => {
    expect(hostRequestsOf({ 'reboot.metal3.io': '' })).toEqual({
      reboot: true,
      detach: false,
      inspect: false,
    });
    expect(hostRequestsOf(undefined)).toEqual(none);
  });
});
