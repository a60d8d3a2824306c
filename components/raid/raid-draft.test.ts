import { describe, expect, it } from 'vitest';
import type { RaidConfig } from '@/server/schemas/raid-rules';
import { draftChanges, draftProblems, formOf, NEW_HARDWARE_ROW, raidOf, type RaidForm } from './raid-draft';

const redfish = { driver: 'redfish' };

describe('formOf and raidOf: spec.raid through the form and back', () => {
  it.each<[string, RaidConfig | undefined]>([
    [
      'hardware volumes with every field',
      {
        hardwareRAIDVolumes: [
          {
            level: '5',
            sizeGibibytes: 0,
            name: 'data',
            rotational: false,
            numberOfPhysicalDisks: 3,
            controller: 'RAID.Integrated.1-1',
            physicalDisks: ['d0', 'd1', 'd2'],
          },
          { level: '1' },
        ],
      },
    ],
    ['hardware cleared', { hardwareRAIDVolumes: [] }],
    [
      'software volumes with device hints',
      {
        softwareRAIDVolumes: [
          {
            rootVolume: true,
            level: '1',
            sizeGibibytes: 100,
            physicalDisks: [
              { deviceName: '/dev/sda' },
              { model: 'X', minSizeGigabytes: 200, rotational: false },
            ],
          },
        ],
      },
    ],
    ['software cleared', { softwareRAIDVolumes: [] }],
  ])('%s', (_case, raid) => {
    expect(raidOf(formOf(raid))).toEqual({ raid, problems: {} });
  });

  it('no spec.raid is the kind none, and none writes null', () => {
    expect(formOf(undefined).kind).toBe('none');
    expect(raidOf(formOf(undefined)).raid).toBeNull();
  });
});

describe('draftProblems: what the form cannot read and what BMO would refuse, by field', () => {
  const form = (patch: Partial<RaidForm>): RaidForm => ({
    kind: 'hardware',
    hardware: [],
    software: [],
    ...patch,
  });

  it('says which text is no number and which hint it cannot read', () => {
    expect(
      draftProblems(
        form({
          kind: 'software',
          software: [{ level: '1', size: 'big', root: false, disks: ['deviceName=/dev/sda', 'colour=blue'] }],
        }),
        redfish,
      ),
    ).toEqual({
      'softwareRAIDVolumes[0].sizeGibibytes':
        'softwareRAIDVolumes[0].sizeGibibytes: "big" is not a whole number',
      'softwareRAIDVolumes[0].physicalDisks[1]':
        'softwareRAIDVolumes[0].physicalDisks[1]: "colour=blue" is not key=value with a key among deviceName, hctl, model, vendor, serialNumber, wwn, wwnWithExtension, wwnVendorExtension, minSizeGigabytes, rotational',
    });
  });

  it("gives BMO's rules at the field they concern", () => {
    const hardware = [{ ...NEW_HARDWARE_ROW, disks: 'd0, d1', count: '3' }];
    expect(draftProblems(form({ hardware }), redfish)).toEqual({
      'hardwareRAIDVolumes[0].controller':
        "'physicalDisks' specified without 'controller' in hardware RAID volume 0",
      'hardwareRAIDVolumes[0].numberOfPhysicalDisks':
        "the 'numberOfPhysicalDisks'[3] and number of 'physicalDisks'[2] is not same for volume 0",
    });
    expect(draftProblems(form({ hardware: [NEW_HARDWARE_ROW] }), { driver: 'ipmi' })).toEqual({
      hardwareRAIDVolumes: 'BMC driver ipmi does not support configuring RAID',
    });
  });

  it('joins several problems at one place', () => {
    const software = [
      { level: '1', size: '', root: true, disks: [] },
      { level: '1', size: '', root: true, disks: [] },
      { level: '0', size: '', root: false, disks: [] },
    ];
    expect(draftProblems(form({ kind: 'software', software }), redfish)).toEqual({
      softwareRAIDVolumes:
        'softwareRAIDVolumes: at most 2 volumes (software RAID makes 1 or 2 devices); softwareRAIDVolumes[*].rootVolume can only be set once',
    });
  });
});

describe('draftChanges: the diff of spec.raid', () => {
  it('lists changed fields under spec.raid', () => {
    const before: RaidConfig = { hardwareRAIDVolumes: [{ level: '1', name: 'os' }] };
    const form = formOf(before);
    const edited: RaidForm = {
      ...form,
      hardware: [{ ...(form.hardware[0] ?? NEW_HARDWARE_ROW), level: '5' }],
    };
    expect(draftChanges(before, edited)).toEqual([
      { path: 'spec.raid.hardwareRAIDVolumes[0].level', before: '1', after: '5' },
    ]);
    expect(draftChanges(before, form)).toEqual([]);
  });

  it('shows a layout removed as spec.raid gone', () => {
    const before: RaidConfig = { softwareRAIDVolumes: [{ level: '1' }] };
    expect(draftChanges(before, { kind: 'none', hardware: [], software: [] })).toEqual([
      { path: 'spec.raid', before },
    ]);
  });
});
