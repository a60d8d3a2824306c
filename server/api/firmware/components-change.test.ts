import { describe, expect, it } from 'vitest';
import type { HostFirmwareComponents } from '../../types/crds/host-firmware-components';
import { componentsChange } from './components-change';
import { componentsView, NO_COMPONENTS } from './components-view';

const requested = [{ component: 'bios', url: 'https://images.example/bios-2.0.0.bin' }];

const hfc: HostFirmwareComponents = {
  apiVersion: 'metal3.io/v1alpha1',
  kind: 'HostFirmwareComponents',
  metadata: { name: 'h', namespace: 'lab', resourceVersion: '41', generation: 1 },
  spec: { updates: requested },
  status: {
    components: [
      { component: 'bmc', initialVersion: '2.90', currentVersion: '2.90' },
      { component: 'bios', initialVersion: '1.0', currentVersion: '1.0' },
    ],
    conditions: [
      {
        type: 'Valid',
        status: 'True',
        reason: 'OK',
        message: '',
        lastTransitionTime: 't',
        observedGeneration: 1,
      },
    ],
    lastUpdated: 't',
  },
};

describe('componentsChange: the edge check before spec.updates is written', () => {
  it.each([
    [
      'a new update, at the version looked at',
      [...requested, { component: 'bmc', url: 'http://192.0.2.1/bmc-3.bin' }],
      {
        status: 'ok',
        patch: {
          metadata: { resourceVersion: '40' },
          spec: { updates: [...requested, { component: 'bmc', url: 'http://192.0.2.1/bmc-3.bin' }] },
        },
      },
    ],
    [
      'every update removed',
      [],
      { status: 'ok', patch: { metadata: { resourceVersion: '40' }, spec: { updates: [] } } },
    ],
    [
      'a name BMO refuses',
      [{ component: 'cpld', url: 'https://images.example/cpld.bin' }],
      {
        status: 'rejected',
        message:
          "nothing was written: component cpld is invalid, only 'bmc', 'bios', or names starting with 'nic:' are allowed as update names",
        fieldErrors: {
          cpld: "component cpld is invalid, only 'bmc', 'bios', or names starting with 'nic:' are allowed as update names",
        },
      },
    ],
    [
      'a component named twice',
      [...requested, { component: 'bios', url: 'https://images.example/bios-2.1.0.bin' }],
      {
        status: 'rejected',
        message: 'nothing was written: component bios is named more than once',
        fieldErrors: { bios: 'component bios is named more than once' },
      },
    ],
    [
      'the same list again',
      requested,
      { status: 'rejected', message: 'nothing was written: these are already the requested updates' },
    ],
  ])('%s', (_, updates, expected) => {
    expect(componentsChange(hfc, updates, '40')).toEqual(expected);
  });

  it('refuses a host without HostFirmwareComponents', () => {
    expect(componentsChange(undefined, requested, '1')).toEqual({
      status: 'rejected',
      message: NO_COMPONENTS,
    });
  });
});

describe('componentsView', () => {
  it('says plainly when the host has no HostFirmwareComponents', () => {
    expect(componentsView(undefined)).toEqual({ found: false, message: NO_COMPONENTS });
  });

  it('lists the components by name, the requested and applied updates and the conditions', () => {
    expect(componentsView(hfc)).toEqual({
      found: true,
      resourceVersion: '41',
      lastUpdated: 't',
      components: [
        { component: 'bios', initialVersion: '1.0', currentVersion: '1.0' },
        { component: 'bmc', initialVersion: '2.90', currentVersion: '2.90' },
      ],
      requested,
      applied: [],
      toFlash: requested,
      state: { state: 'pending' },
      conditions: [{ type: 'Valid', status: 'True', reason: 'OK', message: '' }],
    });
  });
});
