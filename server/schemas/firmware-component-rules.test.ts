import { describe, expect, it } from 'vitest';
import type { HostFirmwareComponents } from '../types/crds/host-firmware-components';
import {
  componentNameProblem,
  componentsAwaitCleaning,
  componentsInvalidMessage,
  sameUpdates,
  updatesProblems,
  updatesState,
  updatesToFlash,
  updateUrlProblem,
} from './firmware-component-rules';

const BMO_REFUSAL = (name: string) =>
  `component ${name} is invalid, only 'bmc', 'bios', or names starting with 'nic:' are allowed as update names`;

function hfc(
  spec: { component: string; url: string }[],
  status: Partial<NonNullable<HostFirmwareComponents['status']>> = {},
  generation = 2,
): HostFirmwareComponents {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HostFirmwareComponents',
    metadata: { name: 'h', namespace: 'lab', generation },
    spec: { updates: spec },
    status,
  };
}

const condition = (type: string, status: 'True' | 'False', observedGeneration = 2, message = '') => ({
  type,
  status,
  reason: status === 'True' || type === 'ChangeDetected' ? 'OK' : 'InvalidComponent',
  message,
  lastTransitionTime: 't',
  observedGeneration,
});

describe('componentNameProblem: the names BMO accepts in spec.updates', () => {
  it.each([
    ['bios', undefined],
    ['bmc', undefined],
    ['nic:NIC.Slot.1-1', undefined],
    ['nic:', BMO_REFUSAL('nic:')],
    ['BIOS', BMO_REFUSAL('BIOS')],
    ['cpld', BMO_REFUSAL('cpld')],
  ])('%s', (name, expected) => {
    expect(componentNameProblem(name)).toBe(expected);
  });
});

describe('updateUrlProblem', () => {
  it.each([
    ['http://192.0.2.10/firmware/bios-1.5.0.bin', undefined],
    ['https://images.example/bmc.bin', undefined],
    [
      'ftp://images.example/bmc.bin',
      '"ftp://images.example/bmc.bin" is not an http or https URL (Ironic downloads the image from it)',
    ],
    ['images.example/bmc.bin', '"images.example/bmc.bin" is not a URL'],
    [
      'https://admin:secret@images.example/bmc.bin',
      'the URL carries a user name or password: it would be stored readable in spec.updates',
    ],
    [
      'file:///tmp/bios.bin',
      '"file:///tmp/bios.bin" is not an http or https URL (Ironic downloads the image from it)',
    ],
  ])('%s', (url, expected) => {
    expect(updateUrlProblem(url)).toBe(expected);
  });
});

describe('updatesProblems', () => {
  it('names a bad component, a bad URL and a component named twice', () => {
    expect(
      updatesProblems([
        { component: 'bios', url: 'https://a/bios-1.bin' },
        { component: 'cpld', url: 'https://a/cpld.bin' },
        { component: 'bios', url: 'gopher://a/bios-2.bin' },
      ]),
    ).toEqual([
      { component: 'cpld', message: BMO_REFUSAL('cpld') },
      {
        component: 'bios',
        message: '"gopher://a/bios-2.bin" is not an http or https URL (Ironic downloads the image from it)',
      },
      { component: 'bios', message: 'component bios is named more than once' },
    ]);
    expect(updatesProblems([{ component: 'bmc', url: 'https://a/bmc.bin' }])).toEqual([]);
  });

  it("gives BMO's Valid=False message for the first bad name", () => {
    expect(
      componentsInvalidMessage([
        { component: 'bios', url: 'https://a' },
        { component: 'raid', url: 'https://a' },
        { component: 'cpld', url: 'https://a' },
      ]),
    ).toBe(`Invalid Firmware Components: [${BMO_REFUSAL('raid')}]`);
    expect(componentsInvalidMessage([{ component: 'bmc', url: 'https://a' }])).toBeUndefined();
  });
});

describe('what a cleaning flashes and where the request stands', () => {
  const bios = { component: 'bios', url: 'https://a/bios-2.0.bin' };
  const bmc = { component: 'bmc', url: 'https://a/bmc-3.1.bin' };

  it.each([
    ['nothing requested', hfc([]), [], { state: 'none' }],
    ['all new', hfc([bios, bmc]), [bios, bmc], { state: 'pending' }],
    ['one applied', hfc([bios, bmc], { updates: [bios] }), [bmc], { state: 'pending' }],
    [
      'a new image for an applied component',
      hfc([{ ...bios, url: 'https://a/bios-2.1.bin' }], { updates: [bios] }),
      [{ ...bios, url: 'https://a/bios-2.1.bin' }],
      { state: 'pending' },
    ],
    ['all applied', hfc([bios], { updates: [bios] }), [], { state: 'applied' }],
    [
      'refused by BMO',
      hfc([{ component: 'cpld', url: 'https://a/c.bin' }], {
        conditions: [condition('Valid', 'False', 2, 'Invalid Firmware Components: [x]')],
      }),
      [{ component: 'cpld', url: 'https://a/c.bin' }],
      { state: 'failed', reason: 'InvalidComponent: Invalid Firmware Components: [x]' },
    ],
  ])('%s', (_, object, toFlash, state) => {
    expect(updatesToFlash(object)).toEqual(toFlash);
    expect(updatesState(object)).toEqual(state);
  });

  it('awaits a cleaning only on current ChangeDetected=True and Valid=True', () => {
    const both = [condition('ChangeDetected', 'True'), condition('Valid', 'True')];
    expect(componentsAwaitCleaning(hfc([bios], { conditions: both }))).toBe(true);
    expect(componentsAwaitCleaning(hfc([bios], { conditions: both }, 3))).toBe(false);
    expect(
      componentsAwaitCleaning(
        hfc([bios], { conditions: [condition('ChangeDetected', 'True'), condition('Valid', 'False')] }),
      ),
    ).toBe(false);
    expect(
      componentsAwaitCleaning(
        hfc([bios], { conditions: [condition('ChangeDetected', 'False'), condition('Valid', 'True')] }),
      ),
    ).toBe(false);
  });

  it('treats an absent list as an empty one', () => {
    expect(sameUpdates(undefined, [])).toBe(true);
    expect(sameUpdates([bios], [bios])).toBe(true);
    expect(sameUpdates([bios, bmc], [bmc, bios])).toBe(false);
  });
});
