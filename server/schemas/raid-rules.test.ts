import { describe, expect, it } from 'vitest';
import { bmcDriver, raidProblems, type RaidConfig, type RaidHostContext } from './raid-rules';

const redfish: RaidHostContext = { driver: 'redfish' };
const disks = [{ deviceName: '/dev/sda' }, { deviceName: '/dev/sdb' }];

describe('raidProblems: spec.raid by the rules baremetal-operator applies', () => {
  it.each<[string, RaidConfig | undefined, RaidHostContext, string[]]>([
    ['no RAID asked for', undefined, redfish, []],
    ['empty lists clear the layout (types: `[]` clears)', { hardwareRAIDVolumes: [] }, redfish, []],
    [
      'a hardware layout a Redfish BMC can make',
      {
        hardwareRAIDVolumes: [
          { level: '1', name: 'os', sizeGibibytes: 100, rotational: false },
          {
            level: '5+0',
            numberOfPhysicalDisks: 2,
            controller: 'RAID.Integrated.1-1',
            physicalDisks: ['d0', 'd1'],
          },
        ],
      },
      redfish,
      [],
    ],
    [
      'webhook: only one of the two kinds',
      { hardwareRAIDVolumes: [{ level: '1' }], softwareRAIDVolumes: [{ level: '1' }] },
      redfish,
      ['hardwareRAIDVolumes and softwareRAIDVolumes can not be set at the same time'],
    ],
    [
      'CRD enum: hardware levels',
      { hardwareRAIDVolumes: [{ level: '3' }] },
      redfish,
      ['hardwareRAIDVolumes[0].level: "3" is not a hardware RAID level (0, 1, 2, 5, 6, 1+0, 5+0, 6+0)'],
    ],
    [
      'CRD minimum: size 0 or more',
      { hardwareRAIDVolumes: [{ level: '0', sizeGibibytes: -1 }] },
      redfish,
      [
        'hardwareRAIDVolumes[0].sizeGibibytes: the size is a whole number of GiB, 0 or more (0 or none: the whole disk)',
      ],
    ],
    [
      'CRD maxLength: a name of at most 64 characters',
      { hardwareRAIDVolumes: [{ level: '0', name: 'n'.repeat(65) }] },
      redfish,
      ['hardwareRAIDVolumes[0].name: at most 64 characters'],
    ],
    [
      'CRD minimum: at least one physical disk',
      { hardwareRAIDVolumes: [{ level: '0', numberOfPhysicalDisks: 0 }] },
      redfish,
      ['hardwareRAIDVolumes[0].numberOfPhysicalDisks: a whole number, 1 or more'],
    ],
    [
      'webhook: physicalDisks need a controller',
      { hardwareRAIDVolumes: [{ level: '1', physicalDisks: ['d0', 'd1'] }] },
      redfish,
      ["'physicalDisks' specified without 'controller' in hardware RAID volume 0"],
    ],
    [
      'webhook: numberOfPhysicalDisks agrees with physicalDisks',
      {
        hardwareRAIDVolumes: [
          { level: '1', controller: 'c', numberOfPhysicalDisks: 3, physicalDisks: ['d0', 'd1'] },
        ],
      },
      redfish,
      ["the 'numberOfPhysicalDisks'[3] and number of 'physicalDisks'[2] is not same for volume 0"],
    ],
    [
      'provisioner: volume names are unique',
      {
        hardwareRAIDVolumes: [
          { level: '1', name: 'data' },
          { level: '0', name: 'data' },
        ],
      },
      redfish,
      ['the names(data) of volume[1] and volume[0] are repeated'],
    ],
    [
      'webhook (validateBMCAccess): IPMI has no hardware RAID',
      { hardwareRAIDVolumes: [{ level: '1' }] },
      { driver: 'ipmi' },
      ['BMC driver ipmi does not support configuring RAID'],
    ],
    [
      'software RAID is the agent: any driver',
      { softwareRAIDVolumes: [{ level: '1' }] },
      { driver: 'ipmi' },
      [],
    ],
    [
      'CRD maxItems: at most two software volumes',
      { softwareRAIDVolumes: [{ level: '1' }, { level: '0' }, { level: '0' }] },
      redfish,
      ['softwareRAIDVolumes: at most 2 volumes (software RAID makes 1 or 2 devices)'],
    ],
    [
      'provisioner: the first software volume is RAID-1',
      { softwareRAIDVolumes: [{ level: '0' }, { level: '1' }] },
      redfish,
      ['the level in first volume of software raid must be RAID1'],
    ],
    [
      'CRD enum: software levels',
      { softwareRAIDVolumes: [{ level: '1' }, { level: '5' }] },
      redfish,
      ['softwareRAIDVolumes[1].level: "5" is not a software RAID level (0, 1, 1+0)'],
    ],
    [
      'CRD minItems: two device hints or none',
      { softwareRAIDVolumes: [{ level: '1', physicalDisks: [{ deviceName: '/dev/sda' }] }] },
      redfish,
      ['softwareRAIDVolumes[0].physicalDisks: at least 2 device hints, or none'],
    ],
    [
      'CRD minimum: a hint size of 0 or more',
      {
        softwareRAIDVolumes: [
          { level: '1', physicalDisks: [{ minSizeGigabytes: -5 }, { deviceName: '/dev/sdb' }] },
        ],
      },
      redfish,
      ['softwareRAIDVolumes[0].physicalDisks[0].minSizeGigabytes: a whole number, 0 or more'],
    ],
    [
      'webhook: a root volume is RAID-1',
      { softwareRAIDVolumes: [{ level: '1' }, { level: '0', rootVolume: true, physicalDisks: disks }] },
      redfish,
      ['softwareRAIDVolumes[1] with rootVolume set must use RAID level 1'],
    ],
    [
      'webhook: one root volume at most',
      {
        softwareRAIDVolumes: [
          { level: '1', rootVolume: true },
          { level: '1', rootVolume: true },
        ],
      },
      redfish,
      ['softwareRAIDVolumes[*].rootVolume can only be set once'],
    ],
    [
      'webhook: a root volume or rootDeviceHints, not both',
      { softwareRAIDVolumes: [{ level: '1', rootVolume: true }] },
      { ...redfish, rootDeviceHints: true },
      ['softwareRAIDVolumes[*].rootVolume and rootDeviceHints can not be set at the same time'],
    ],
  ])('%s', (_rule, raid, context, messages) => {
    expect(raidProblems(raid, context).map((problem) => problem.message)).toEqual(messages);
  });

  it('points each problem at its field', () => {
    expect(raidProblems({ hardwareRAIDVolumes: [{ level: '1', physicalDisks: ['d0'] }] }, redfish)).toEqual([
      {
        path: 'hardwareRAIDVolumes[0].controller',
        message: "'physicalDisks' specified without 'controller' in hardware RAID volume 0",
        atCleaning: "'controller' must be specified if 'physicalDisks' are used",
      },
    ]);
  });
});

describe('bmcDriver: the driver a BMC address names, as BMO parses it', () => {
  it.each([
    ['ipmi://10.0.0.5:623', 'ipmi'],
    ['10.0.0.5:623', 'ipmi'],
    ['redfish+https://10.0.0.5/redfish/v1/Systems/1', 'redfish'],
    ['IDRAC-VirtualMedia://10.0.0.5/redfish/v1/Systems/System.Embedded.1', 'idrac-virtualmedia'],
    [undefined, 'ipmi'],
  ])('%s → %s', (address, driver) => {
    expect(bmcDriver(address)).toBe(driver);
  });
});
