import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../types/crds/bare-metal-host';
import { bmcHostOf, powerCyclePatch, wipeWaitOf } from './wipe-power-cycle';

function host(
  name: string,
  spec: Partial<BareMetalHost['spec']>,
  status?: Partial<NonNullable<BareMetalHost['status']>>,
  annotations?: Record<string, string>,
): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name, namespace: 'lab', annotations },
    spec: { online: true, ...spec },
    status,
  };
}

const bmc = { address: 'redfish+http://10.0.0.5/redfish/v1/Systems/1', credentialsName: 'c' };

describe('bmcHostOf', () => {
  it('finds the host with the boot MAC in any spelling and a BMC, and no other', () => {
    const hosts = [
      host('no-bmc', { bootMACAddress: '52:54:00:00:00:01' }),
      host('other', { bootMACAddress: '52:54:00:00:00:02', bmc }),
      host('match', { bootMACAddress: '52-54-00-00-00-01', bmc }),
    ];
    expect(bmcHostOf(hosts, '52:54:00:00:00:01')?.metadata.name).toBe('match');
    expect(bmcHostOf(hosts, '52:54:00:00:00:09')).toBeUndefined();
    const leaving = host('leaving', { bootMACAddress: '52:54:00:00:00:03', bmc });
    leaving.metadata.deletionTimestamp = new Date();
    expect(bmcHostOf([leaving], '52:54:00:00:00:03')).toBeUndefined();
  });
});

describe('powerCyclePatch', () => {
  it.each([
    {
      about: 'on',
      online: true,
      poweredOn: true,
      patch: { metadata: { annotations: { 'reboot.metal3.io': '' } } },
    },
    {
      about: 'power state unknown',
      online: true,
      poweredOn: undefined,
      patch: { metadata: { annotations: { 'reboot.metal3.io': '' } } },
    },
    {
      about: 'off although asked to be on',
      online: true,
      poweredOn: false,
      patch: { spec: { online: true } },
    },
    { about: 'asked to be off', online: false, poweredOn: true, patch: { spec: { online: true } } },
  ])('a host $about → $patch', ({ online, poweredOn, patch }) => {
    expect(powerCyclePatch(host('h', { online, bmc }, { poweredOn }))).toEqual(patch);
  });
});

describe('wipeWaitOf', () => {
  it('says what a released machine waits for, through which host, and whether a power cycle is pending', () => {
    const pending = host('h', { bmc }, { poweredOn: true }, { 'reboot.metal3.io': '' });
    expect(wipeWaitOf('wiping', pending)).toEqual({
      waitingFor: 'waiting for the machine to boot into the wiper',
      bmcHost: { namespace: 'lab', name: 'h' },
      powerCyclePending: true,
    });
    expect(wipeWaitOf('wiped', undefined)).toEqual({
      waitingFor: 'waiting for the machine to boot back into the discovery loop',
      bmcHost: null,
      powerCyclePending: false,
    });
    expect(wipeWaitOf('provisioned', pending)).toBeNull();
  });
});
