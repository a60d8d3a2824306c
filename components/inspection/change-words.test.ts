import { describe, expect, it } from 'vitest';
import type { HardwareChange } from '@/server/lib/hardware-diff';
import { changeWords } from './change-words';

describe('changeWords', () => {
  it.each<[HardwareChange, string]>([
    [
      { part: 'disk', subject: 'S1', label: '/dev/sdb', change: 'removed', fields: [], lost: true },
      'Disk S1 (/dev/sdb) removed',
    ],
    [{ part: 'nic', subject: 'aa:bb', change: 'added', fields: [], lost: false }, 'NIC aa:bb added'],
    [
      {
        part: 'memory',
        subject: 'memory',
        change: 'changed',
        fields: [{ field: 'ramMebibytes', before: 32768, after: 30720 }],
        lost: true,
      },
      'Memory: 32768 → 30720 MiB (2048 MiB less: a DIMM or more missing or failed)',
    ],
    [
      {
        part: 'memory',
        subject: 'memory',
        change: 'changed',
        fields: [{ field: 'ramMebibytes', before: null, after: 1024 }],
        lost: false,
      },
      'Memory: none → 1024 MiB',
    ],
    [
      {
        part: 'firmware',
        subject: 'firmware',
        change: 'changed',
        fields: [
          { field: 'BIOS version', before: '1.0', after: '1.1' },
          { field: 'BIOS date', before: 'a', after: null },
        ],
        lost: false,
      },
      'Firmware: BIOS version 1.0 → 1.1, BIOS date a → none',
    ],
  ])('%o', (change, words) => {
    expect(changeWords(change)).toBe(words);
  });
});
