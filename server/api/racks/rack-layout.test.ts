import { describe, expect, it } from 'vitest';
import {
  OVERLAP_NAMES,
  placeHosts,
  problemText,
  type PlacementInput,
  type PlacementProblem,
} from './rack-layout';

function host(key: string, rack: string | undefined, slot?: string, height?: string): PlacementInput {
  return { key, rack, slot, height };
}

/** One rack's placements as `key@slot+height lane/lanes` (tray: `key tray`) and its problems. */
function summary(hosts: PlacementInput[], units = 42) {
  return placeHosts(hosts, units).map((rack) => ({
    rack: rack.rack,
    placed: rack.placed.map((p) => `${p.key}@${p.slot ?? '?'}+${p.height} ${p.lane}/${p.lanes}`),
    tray: rack.tray.map((p) => p.key),
    problems: [...rack.placed, ...rack.tray]
      .filter((p) => p.problems.length > 0)
      .map((p) => `${p.key}: ${p.problems.map(problemText).join('; ')}`),
  }));
}

describe('placeHosts', () => {
  const cases: { name: string; hosts: PlacementInput[]; units?: number; want: ReturnType<typeof summary> }[] =
    [
      {
        name: 'each host at its slot with its height (1 when absent), in slot order',
        hosts: [host('a', 'r1', '10', '2'), host('b', 'r1', '1'), host('c', 'r1', ' 3 ', '')],
        want: [{ rack: 'r1', placed: ['b@1+1 0/1', 'c@3+1 0/1', 'a@10+2 0/1'], tray: [], problems: [] }],
      },
      {
        name: 'hosts without a slot go to their rack’s tray; hosts without a rack to the last, rackless group',
        hosts: [host('a', 'r1'), host('b', undefined, '4'), host('c', 'r1', '2')],
        want: [
          { rack: 'r1', placed: ['c@2+1 0/1'], tray: ['a'], problems: [] },
          { rack: '', placed: [], tray: ['b'], problems: [] },
        ],
      },
      {
        name: 'racks in natural name order',
        hosts: [host('a', 'rack-10', '1'), host('b', 'rack-2', '1'), host('c', 'rack-1', '1')],
        want: ['rack-1', 'rack-2', 'rack-10'].map((rack, index) => ({
          rack,
          placed: [`${['c', 'b', 'a'][index] ?? ''}@1+1 0/1`],
          tray: [],
          problems: [],
        })),
      },
      {
        name: 'two hosts claiming the same unit are both drawn, side by side, and both flagged',
        hosts: [host('x/a', 'r1', '5', '2'), host('x/b', 'r1', '6'), host('x/c', 'r1', '8')],
        want: [
          {
            rack: 'r1',
            placed: ['x/a@5+2 0/2', 'x/b@6+1 1/2', 'x/c@8+1 0/1'],
            tray: [],
            problems: ['x/a: shares units with b', 'x/b: shares units with a'],
          },
        ],
      },
      {
        name: 'a lane freed lower down is taken again within one overlapping group',
        hosts: [host('a', 'r', '1', '4'), host('b', 'r', '1'), host('c', 'r', '3')],
        want: [
          {
            rack: 'r',
            placed: ['a@1+4 0/2', 'b@1+1 1/2', 'c@3+1 1/2'],
            tray: [],
            problems: ['a: shares units with b, c', 'b: shares units with a', 'c: shares units with a'],
          },
        ],
      },
      {
        name: 'a host reaching above the rack is drawn clipped and flagged; one starting above it goes to the tray',
        hosts: [host('a', 'r', '41', '4'), host('b', 'r', '43')],
        want: [
          {
            rack: 'r',
            placed: ['a@41+2 0/1'],
            tray: ['b'],
            problems: ["a: U41–U44 is outside the rack's 42U", "b: U43 is outside the rack's 42U"],
          },
        ],
      },
      {
        name: 'the rack height is a setting',
        units: 12,
        hosts: [host('a', 'r', '12'), host('b', 'r', '13')],
        want: [
          { rack: 'r', placed: ['a@12+1 0/1'], tray: ['b'], problems: ["b: U13 is outside the rack's 12U"] },
        ],
      },
      {
        name: 'an unreadable slot puts the host in the tray; an unreadable height counts as 1',
        hosts: [
          host('a', 'r', 'U7'),
          host('b', 'r', '0'),
          host('c', 'r', '3', 'two'),
          host('d', 'r', '9', '40'),
        ],
        want: [
          {
            rack: 'r',
            placed: ['c@3+1 0/1', 'd@9+1 0/1'],
            tray: ['a', 'b'],
            problems: [
              'c: height "two" is not a number of units (1 to 16)',
              'd: height "40" is not a number of units (1 to 16)',
              'a: slot "U7" is not a unit number',
              'b: slot "0" is not a unit number',
            ],
          },
        ],
      },
    ];
  for (const { name, hosts, units, want } of cases) {
    it(name, () => {
      expect(summary(hosts, units)).toEqual(want);
    });
  }

  it('gives every problem kind a line', () => {
    const problems: PlacementProblem[] = [
      { kind: 'overlap', with: ['ns/a', 'b'], count: 2 },
      { kind: 'overlap', with: ['a', 'b', 'c'], count: 7 },
      { kind: 'out-of-range', slot: 42, height: 1, units: 42 },
    ];
    expect(problems.map(problemText)).toEqual([
      'shares units with a, b',
      'shares units with a, b, c and 4 more',
      "U42 is outside the rack's 42U",
    ]);
  });

  it(`names at most ${OVERLAP_NAMES} hosts sharing a unit and counts the rest`, () => {
    const hosts = Array.from({ length: 50 }, (_, i) => host(`h${String(i).padStart(2, '0')}`, 'r', '7'));
    const [rack] = placeHosts(hosts, 42);
    const overlaps = (rack?.placed ?? []).map((p) =>
      p.problems.find((problem) => problem.kind === 'overlap'),
    );
    expect(overlaps.every((o) => o?.count === 49 && o.with.length === OVERLAP_NAMES)).toBe(true);
    expect(rack?.placed.map((p) => p.lane)).toEqual(hosts.map((_, i) => i));
    expect(rack?.placed.every((p) => p.lanes === 50)).toBe(true);
  });
});
