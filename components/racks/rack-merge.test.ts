import { describe, expect, it } from 'vitest';
import type { RacksDelta } from '@/server/api/racks/rack-delta';
import type { RackView, RacksView } from '@/server/api/racks/rack-view';
import { mergeRacks } from './rack-merge';

const rack = (name: string, version: string): RackView => ({
  name,
  problems: 0,
  placed: [],
  tray: [],
  version,
});
const view = (...racks: RackView[]): RacksView => ({ units: 42, racks, hosts: 80, matched: 80 });
const delta = (full: boolean, order: string[], ...racks: RackView[]): RacksDelta => ({
  full,
  units: 42,
  hosts: 80,
  matched: 80,
  order,
  racks,
});

const r1 = rack('r1', 'a');
const r2 = rack('r2', 'b');

describe('mergeRacks', () => {
  it.each([
    {
      case: 'a full delta replaces everything',
      before: view(r1, r2),
      message: delta(true, ['r3'], rack('r3', 'x')),
      after: ['r3:x'],
    },
    {
      case: 'a full delta with nothing before',
      before: undefined,
      message: delta(true, ['r1'], r1),
      after: ['r1:a'],
    },
    {
      case: 'a changed rack replaces its namesake in place',
      before: view(r1, r2),
      message: delta(false, ['r1', 'r2'], rack('r2', 'c')),
      after: ['r1:a', 'r2:c'],
    },
    {
      case: 'a new rack joins where the order puts it',
      before: view(r1, r2),
      message: delta(false, ['r3', 'r1', 'r2'], rack('r3', 'x')),
      after: ['r3:x', 'r1:a', 'r2:b'],
    },
    {
      case: 'a rack not in the order is gone',
      before: view(r1, r2),
      message: delta(false, ['r2']),
      after: ['r2:b'],
    },
    {
      case: 'the order alone changes',
      before: view(r1, r2),
      message: delta(false, ['r2', 'r1']),
      after: ['r2:b', 'r1:a'],
    },
    {
      case: 'a rack named but never sent: nothing to trust',
      before: view(r1),
      message: delta(false, ['r1', 'r2']),
      after: undefined,
    },
    {
      case: 'a delta with nothing before: nothing to trust',
      before: undefined,
      message: delta(false, []),
      after: undefined,
    },
  ])('$case', ({ before, message, after }) => {
    const merged = mergeRacks(before, message);
    expect(merged?.racks.map((each) => `${each.name}:${each.version}`)).toEqual(after);
  });

  it('keeps the unchanged racks as the same objects, so their elevations are not drawn again', () => {
    const merged = mergeRacks(view(r1, r2), delta(false, ['r1', 'r2'], rack('r2', 'c')));
    expect(merged?.racks[0]).toBe(r1);
    expect(merged).toMatchObject({ units: 42, hosts: 80, matched: 80 });
  });
});
