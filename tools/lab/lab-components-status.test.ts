import { describe, expect, it } from 'vitest';
import type { HostFirmwareComponents } from '../../server/types/crds/host-firmware-components';
import { componentsAwaitCleaning } from '../../server/schemas/firmware-component-rules';
import {
  componentsAfterFlash,
  imageVersion,
  initialComponents,
  labComponentsStatus,
} from './lab-components-status';

describe('imageVersion: the simulated version an image holds', () => {
  it.each([
    ['http://192.0.2.10/firmware/bios-1.5.0.bin', '1.5.0'],
    [
      'https://images.example/idrac/iDRAC-with-Lifecycle-Controller_Firmware_7.10.30.00_A00.EXE',
      '7.10.30.00',
    ],
    ['https://images.example/nic/fw-22.41.1000-2.bin?sig=1', '22.41.1000'],
    ['https://images.example/bmc.bin', 'bmc'],
    ['https://images.example/v2/U46_2.10.fwpkg', '2.10'],
  ])('%s', (url, version) => {
    expect(imageVersion(url)).toBe(version);
  });
});

const components = initialComponents([
  { component: 'bios', version: '1.13.2' },
  { component: 'bmc', version: '7.00.00.171' },
  { component: 'nic:eno1', version: '22.31.6' },
]);

function hfc(updates: { component: string; url: string }[], generation = 2): HostFirmwareComponents {
  const object: HostFirmwareComponents = {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HostFirmwareComponents',
    metadata: { name: 'h', namespace: 'lab', generation },
    spec: { updates: [] },
  };
  object.status = labComponentsStatus(object, components, 't0');
  return { ...object, spec: { updates } };
}

const summary = (status: HostFirmwareComponents['status']) =>
  (status?.conditions ?? []).map(
    (c) => `${c.type}=${c.status} ${c.reason}${c.message ? `: ${c.message}` : ''}`,
  );

describe("labComponentsStatus: BMO's HostFirmwareComponents conditions", () => {
  it('no request: Valid, no change', () => {
    expect(summary(hfc([]).status)).toEqual(['ChangeDetected=False OK', 'Valid=True OK']);
  });

  it.each([
    [
      'valid updates',
      [{ component: 'bios', url: 'https://a/bios-2.0.0.bin' }],
      ['ChangeDetected=True OK', 'Valid=True OK'],
      true,
    ],
    [
      'a name BMO refuses',
      [{ component: 'cpld', url: 'https://a/cpld-1.bin' }],
      [
        'ChangeDetected=True OK',
        "Valid=False InvalidComponent: Invalid Firmware Components: [component cpld is invalid, only 'bmc', 'bios', or names starting with 'nic:' are allowed as update names]",
      ],
      false,
    ],
    [
      'a NIC the host does not have',
      [{ component: 'nic:ens9f0', url: 'https://a/nic-1.bin' }],
      [
        'ChangeDetected=True OK',
        'Valid=False InvalidComponent: Invalid Firmware Components: [component nic:ens9f0 is not present on this host]',
      ],
      false,
    ],
  ])('%s', (_, updates, expected, awaits) => {
    const requested = hfc(updates);
    const status = labComponentsStatus(requested, components, 't1');
    expect(summary(status)).toEqual(expected);
    expect(status.conditions?.every((c) => c.observedGeneration === 2)).toBe(true);
    expect(componentsAwaitCleaning({ ...requested, status })).toBe(awaits);
  });
});

describe('componentsAfterFlash: the cleaning flashes what is requested and not applied', () => {
  it('sets the versions from the image names, status.updates = spec.updates, and no change left', () => {
    const bios = { component: 'bios', url: 'https://a/bios-2.0.0.bin' };
    const nic = { component: 'nic:eno1', url: 'https://a/nic-fw-22.41.1.bin' };
    const requested = hfc([bios, nic]);
    requested.status = labComponentsStatus(requested, components, 't1');
    const status = componentsAfterFlash(requested, 't2');
    expect(status.components).toEqual([
      {
        component: 'bios',
        initialVersion: '1.13.2',
        currentVersion: '2.0.0',
        lastVersionFlashed: '2.0.0',
        updatedAt: 't2',
      },
      { component: 'bmc', initialVersion: '7.00.00.171', currentVersion: '7.00.00.171' },
      {
        component: 'nic:eno1',
        initialVersion: '22.31.6',
        currentVersion: '22.41.1',
        lastVersionFlashed: '22.41.1',
        updatedAt: 't2',
      },
    ]);
    expect(status.updates).toEqual([bios, nic]);
    expect(summary(status)).toEqual(['ChangeDetected=False OK', 'Valid=True OK']);

    // Asking again for the BIOS image already flashed, and a new NIC image: only the NIC is flashed.
    const again = {
      ...requested,
      spec: { updates: [bios, { ...nic, url: 'https://a/nic-fw-22.42.0.bin' }] },
      status,
    };
    const later = componentsAfterFlash(
      { ...again, status: labComponentsStatus(again, status.components ?? [], 't3') },
      't4',
    );
    expect(later.components?.find((c) => c.component === 'bios')?.updatedAt).toBe('t2');
    expect(later.components?.find((c) => c.component === 'nic:eno1')).toMatchObject({
      currentVersion: '22.42.0',
      updatedAt: 't4',
    });
  });
});
