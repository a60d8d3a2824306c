import { describe, expect, it } from 'vitest';
import type { InspectionEntry } from '../../db/inspection-history';
import type { HardwareChange } from '../../lib/hardware-diff';
import { historyView, LOST_LISTED, lostHardwareView } from './inspection-view';

const DISK_GONE: HardwareChange = { part: 'disk', subject: 'S1', change: 'removed', fields: [], lost: true };
const BIOS: HardwareChange = {
  part: 'firmware',
  subject: 'firmware',
  change: 'changed',
  fields: [{ field: 'BIOS version', before: '1', after: '2' }],
  lost: false,
};

const entry = (name: string, changes: HardwareChange[] | null, id = '1'): InspectionEntry => ({
  id,
  namespace: 'lab',
  name,
  at: new Date('2026-12-06T12:00:00Z'),
  uid: 'u',
  resourceVersion: '7',
  hardware: { cpu: { count: 8 }, ramMebibytes: 4096, storage: [{}], firmware: { bios: { version: '2' } } },
  changes,
  lost: changes?.some((change) => change.lost) ?? false,
  acknowledged: null,
});

describe('historyView', () => {
  it('marks a baseline and sums up what each inspection found', () => {
    const [baseline] = historyView([entry('a', null)]).entries;
    expect(baseline).toMatchObject({ baseline: true, changes: [], at: '2026-12-06T12:00:00.000Z' });
    expect(baseline?.found).toEqual({ cpus: 8, ramMebibytes: 4096, nics: 0, disks: 1, bios: '2' });
    const acknowledged = { ...entry('a', [DISK_GONE]), acknowledged: { at: new Date(0), by: 'ops' } };
    expect(historyView([acknowledged]).entries[0]?.acknowledged).toEqual({
      at: '1970-01-01T00:00:00.000Z',
      by: 'ops',
    });
  });
});

describe('lostHardwareView', () => {
  it('lists hosts that still exist, with only the changes that lost hardware', () => {
    const view = lostHardwareView(
      [entry('gone', [DISK_GONE]), entry('here', [DISK_GONE, BIOS])],
      (_, name) => name === 'here',
    );
    expect(view).toEqual({
      count: 1,
      hosts: [
        { namespace: 'lab', name: 'here', id: '1', at: '2026-12-06T12:00:00.000Z', changes: [DISK_GONE] },
      ],
    });
  });

  it(`counts them all but lists the first ${LOST_LISTED}`, () => {
    const many = Array.from({ length: LOST_LISTED + 3 }, (_, i) => entry(`h${i}`, [DISK_GONE], String(i)));
    const view = lostHardwareView(many, () => true);
    expect(view.count).toBe(LOST_LISTED + 3);
    expect(view.hosts).toHaveLength(LOST_LISTED);
  });
});
