import type { BoxPlace, RackFrame } from './rack-store';

/** A rack's hosts in reading order: the elevation from the top down, then the unplaced tray. */
export function readingOrder(rack: RackFrame): BoxPlace[] {
  const placed = [...rack.placed].sort(
    (a, b) => (b.slot ?? 0) + b.height - ((a.slot ?? 0) + a.height) || a.lane - b.lane,
  );
  return [...placed, ...rack.tray];
}

/** Where a box sits, in units from the floor; the tray lies below the rack. */
function middle(host: BoxPlace): number {
  return host.slot === undefined ? 0 : host.slot + host.height / 2;
}

export type RackMove = 'up' | 'down' | 'left' | 'right' | 'first' | 'last';

export const MOVE_KEYS: Readonly<Record<string, RackMove>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Home: 'first',
  End: 'last',
};

/**
 * The host a key moves to from `from`: up and down within its rack (the tray after the lowest box),
 * left and right to the box nearest in height in the rack before or after (racks with no host are
 * skipped), Home and End to the rack's first and last. Undefined at an edge.
 */
export function moveFrom(racks: readonly RackFrame[], from: string, move: RackMove): string | undefined {
  const rackIndex = racks.findIndex(
    (rack) => rack.placed.some((h) => h.key === from) || rack.tray.some((h) => h.key === from),
  );
  const rack = racks[rackIndex];
  if (!rack) return undefined;
  const order = readingOrder(rack);
  const index = order.findIndex((host) => host.key === from);
  const current = order[index];
  if (!current) return undefined;
  switch (move) {
    case 'up':
      return order[index - 1]?.key;
    case 'down':
      return order[index + 1]?.key;
    case 'first':
      return order[0]?.key;
    case 'last':
      return order.at(-1)?.key;
    case 'left':
    case 'right': {
      const step = move === 'left' ? -1 : 1;
      for (let next = rackIndex + step; next >= 0 && next < racks.length; next += step) {
        const candidates = readingOrder(racks[next] as RackFrame);
        if (candidates.length === 0) continue;
        const height = middle(current);
        const nearest = candidates.reduce((best, host) =>
          Math.abs(middle(host) - height) < Math.abs(middle(best) - height) ? host : best,
        );
        return nearest.key;
      }
      return undefined;
    }
  }
}
