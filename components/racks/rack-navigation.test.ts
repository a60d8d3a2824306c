import { describe, expect, it } from 'vitest';
import { moveFrom, readingOrder, type RackMove } from './rack-navigation';
import type { BoxPlace, RackFrame } from './rack-store';

function box(key: string, slot?: number, height = 1, lane = 0): BoxPlace {
  return { key, slot, height, lane, lanes: 1 };
}

function rack(name: string, placed: BoxPlace[], tray: BoxPlace[] = []): RackFrame {
  return { name, problems: 0, placed, tray };
}

const racks = [
  rack('r1', [box('a1', 1), box('a2', 10, 2), box('a3', 20)], [box('a-tray')]),
  rack('r2', []),
  rack('r3', [box('c1', 12), box('c2', 2)]),
];

describe('readingOrder', () => {
  it('reads the elevation from the top down, then the tray', () => {
    expect(readingOrder(racks[0] as RackFrame).map((host) => host.key)).toEqual(['a3', 'a2', 'a1', 'a-tray']);
  });
});

describe('moveFrom', () => {
  it.each<[string, RackMove, string | undefined]>([
    ['a2', 'up', 'a3'],
    ['a3', 'up', undefined],
    ['a1', 'down', 'a-tray'],
    ['a-tray', 'down', undefined],
    ['a2', 'right', 'c1'],
    ['a1', 'right', 'c2'],
    ['c2', 'left', 'a1'],
    ['a2', 'left', undefined],
    ['c1', 'right', undefined],
    ['a1', 'first', 'a3'],
    ['a3', 'last', 'a-tray'],
    ['nowhere', 'up', undefined],
  ])('from %s %s: %s', (from, move, to) => {
    expect(moveFrom(racks, from, move)).toBe(to);
  });
});
