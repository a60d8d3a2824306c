import { describe, expect, it } from 'vitest';
import { diffHardware, hardwareLost, type InspectedHardware } from './hardware-diff';

const BASE: InspectedHardware = {
  hostname: 'r1-07',
  cpu: { arch: 'x86_64', model: 'Xeon Gold 6338', clockMegahertz: 2000, count: 128 },
  ramMebibytes: 524288,
  nics: [
    { name: 'eno1', mac: 'F8:BC:12:00:00:01', model: '0x14e4 0x16d8', speedGbps: 10, ip: '10.0.0.7' },
    { name: 'ens2f0', mac: '0c:42:a1:00:00:02', speedGbps: 25, vlans: [{ id: 120, name: 'oam' }] },
  ],
  storage: [
    { name: '/dev/sda', serialNumber: 'S1', sizeBytes: 960e9, rotational: false, wwn: '0x5000c5001' },
    { name: '/dev/sdb', wwn: '0x5000c5002', sizeBytes: 4e12, rotational: true },
    { name: '/dev/nvme0n1', sizeBytes: 1.6e12 },
  ],
  firmware: { bios: { vendor: 'Dell Inc.', version: '1.13.2', date: '02/13/2024' } },
  systemVendor: { manufacturer: 'Dell Inc.', productName: 'PowerEdge R650', serialNumber: 'ABC1234' },
};

const without = <T>(items: readonly T[] | undefined, index: number): T[] =>
  (items ?? []).filter((_, i) => i !== index);

describe('diffHardware', () => {
  it.each<[string, InspectedHardware, ReturnType<typeof diffHardware>]>([
    ['nothing changed', BASE, []],
    [
      'a DIMM taken out: less memory, lost',
      { ...BASE, ramMebibytes: 458752 },
      [
        {
          part: 'memory',
          subject: 'memory',
          change: 'changed',
          fields: [{ field: 'ramMebibytes', before: 524288, after: 458752 }],
          lost: true,
        },
      ],
    ],
    [
      'memory added: not lost',
      { ...BASE, ramMebibytes: 1048576 },
      [
        {
          part: 'memory',
          subject: 'memory',
          change: 'changed',
          fields: [{ field: 'ramMebibytes', before: 524288, after: 1048576 }],
          lost: false,
        },
      ],
    ],
    [
      'a disk gone, keyed by serial number',
      { ...BASE, storage: without(BASE.storage, 0) },
      [{ part: 'disk', subject: 'S1', label: '/dev/sda', change: 'removed', fields: [], lost: true }],
    ],
    [
      'a disk without serial is keyed by WWN, one without either by name',
      { ...BASE, storage: without(without(BASE.storage, 2), 1) },
      [
        { part: 'disk', subject: '/dev/nvme0n1', change: 'removed', fields: [], lost: true },
        {
          part: 'disk',
          subject: '0x5000c5002',
          label: '/dev/sdb',
          change: 'removed',
          fields: [],
          lost: true,
        },
      ],
    ],
    [
      'a NIC added, keyed by MAC whatever its case',
      {
        ...BASE,
        nics: [
          ...(BASE.nics ?? []).map((nic) => ({ ...nic, mac: nic.mac?.toUpperCase() })),
          { name: 'ens3', mac: '0c:42:a1:00:00:03' },
        ],
      },
      [
        {
          part: 'nic',
          subject: '0c:42:a1:00:00:03',
          label: 'ens3',
          change: 'added',
          fields: [],
          lost: false,
        },
      ],
    ],
    [
      'a NIC gone and one renamed with a slower link',
      {
        ...BASE,
        nics: [
          { name: 'eth0', mac: 'f8:bc:12:00:00:01', model: '0x14e4 0x16d8', speedGbps: 1, ip: '10.0.0.7' },
        ],
      },
      [
        {
          part: 'nic',
          subject: '0c:42:a1:00:00:02',
          label: 'ens2f0',
          change: 'removed',
          fields: [],
          lost: true,
        },
        {
          part: 'nic',
          subject: 'f8:bc:12:00:00:01',
          label: 'eth0',
          change: 'changed',
          fields: [
            { field: 'name', before: 'eno1', after: 'eth0' },
            { field: 'speedGbps', before: 10, after: 1 },
          ],
          lost: false,
        },
      ],
    ],
    [
      'a VLAN changed',
      { ...BASE, nics: [BASE.nics?.[0] ?? {}, { ...BASE.nics?.[1], vlans: [{ id: 121 }] }] },
      [
        {
          part: 'nic',
          subject: '0c:42:a1:00:00:02',
          label: 'ens2f0',
          change: 'changed',
          fields: [{ field: 'vlans', before: '120 oam', after: '121' }],
          lost: false,
        },
      ],
    ],
    [
      'firmware upgraded',
      { ...BASE, firmware: { bios: { vendor: 'Dell Inc.', version: '1.14.1', date: '06/01/2024' } } },
      [
        {
          part: 'firmware',
          subject: 'firmware',
          change: 'changed',
          fields: [
            { field: 'BIOS version', before: '1.13.2', after: '1.14.1' },
            { field: 'BIOS date', before: '02/13/2024', after: '06/01/2024' },
          ],
          lost: false,
        },
      ],
    ],
    [
      'fewer CPUs: lost; a new model alone is not',
      { ...BASE, cpu: { ...BASE.cpu, count: 64, model: 'Xeon Gold 5318Y' } },
      [
        {
          part: 'cpu',
          subject: 'cpu',
          change: 'changed',
          fields: [
            { field: 'count', before: 128, after: 64 },
            { field: 'model', before: 'Xeon Gold 6338', after: 'Xeon Gold 5318Y' },
          ],
          lost: true,
        },
      ],
    ],
    [
      'the board swapped: system vendor and serial',
      { ...BASE, systemVendor: { ...BASE.systemVendor, serialNumber: 'XYZ9' }, hostname: undefined },
      [
        {
          part: 'system',
          subject: 'system',
          change: 'changed',
          fields: [
            { field: 'serialNumber', before: 'ABC1234', after: 'XYZ9' },
            { field: 'hostname', before: 'r1-07', after: null },
          ],
          lost: false,
        },
      ],
    ],
  ])('%s', (_, after, expected) => {
    expect(diffHardware(BASE, after)).toEqual(expected);
  });

  it('memory no longer reported counts as lost; reported for the first time does not', () => {
    const { ramMebibytes: _, ...noMemory } = BASE;
    expect(hardwareLost(diffHardware(BASE, noMemory))).toBe(true);
    expect(hardwareLost(diffHardware(noMemory, BASE))).toBe(false);
  });

  it('an empty inspection after a full one lost everything; the reverse added it', () => {
    const lost = diffHardware(BASE, {});
    expect(hardwareLost(lost)).toBe(true);
    expect(lost.filter((change) => change.change === 'removed')).toHaveLength(5);
    expect(hardwareLost(diffHardware({}, BASE))).toBe(false);
  });
});
