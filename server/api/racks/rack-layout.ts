import { MAX_HOST_UNITS } from '../../schemas/rack-position';
import { compareText } from '../compare-text';

/** What placing needs of a host: its key, its rack and the raw texts of its slot and height. */
export interface PlacementInput {
  key: string;
  rack: string | undefined;
  slot: string | undefined;
  height: string | undefined;
}

export type PlacementProblem =
  | { kind: 'bad-slot'; text: string }
  | { kind: 'bad-height'; text: string }
  | { kind: 'out-of-range'; slot: number; height: number; units: number }
  /** `with` names the first few hosts sharing units; `count` is how many share them in all. */
  | { kind: 'overlap'; with: string[]; count: number };

/**
 * A host's place: `slot` and `height` in units when it is drawn in the elevation (no slot, or a slot
 * that cannot be drawn, puts it in the rack's unplaced tray). Hosts sharing a unit are drawn side by
 * side: `lane` of `lanes`.
 */
export interface Placement {
  key: string;
  slot?: number;
  height: number;
  lane: number;
  lanes: number;
  problems: PlacementProblem[];
}

export interface RackPlacements {
  /** The rack label's value; '' for hosts without one. */
  rack: string;
  placed: Placement[];
  /** Hosts without a usable slot, in input order. */
  tray: Placement[];
}

const WHOLE = /^\d{1,4}$/;

/**
 * Names kept per overlap: a rack where many hosts claim one unit (labels copied by a script) would
 * otherwise carry every name on every host, quadratic in the hosts and in each message sent.
 */
export const OVERLAP_NAMES = 3;

function parseUnits(text: string | undefined): number | undefined | 'bad' {
  if (text === undefined || text.trim() === '') return undefined;
  const trimmed = text.trim();
  const value = WHOLE.test(trimmed) ? Number(trimmed) : NaN;
  return Number.isInteger(value) && value >= 1 ? value : 'bad';
}

function placeOne(host: PlacementInput, units: number): Placement {
  const problems: PlacementProblem[] = [];
  const slot = parseUnits(host.slot);
  let height = parseUnits(host.height);
  if (height === 'bad' || (height !== undefined && height > MAX_HOST_UNITS)) {
    problems.push({ kind: 'bad-height', text: host.height ?? '' });
    height = undefined;
  }
  const tall = height ?? 1;
  if (slot === 'bad') problems.push({ kind: 'bad-slot', text: host.slot ?? '' });
  if (slot === undefined || slot === 'bad')
    return { key: host.key, height: tall, lane: 0, lanes: 1, problems };
  if (slot + tall - 1 > units) {
    problems.push({ kind: 'out-of-range', slot, height: tall, units });
    // A slot inside the rack is drawn clipped at the top; one above it cannot be drawn at all.
    if (slot > units) return { key: host.key, height: tall, lane: 0, lanes: 1, problems };
    return { key: host.key, slot, height: units - slot + 1, lane: 0, lanes: 1, problems };
  }
  return { key: host.key, slot, height: tall, lane: 0, lanes: 1, problems };
}

/**
 * Flags every pair of placed hosts sharing a unit and lays each group of overlapping hosts out in
 * lanes: each host takes the lowest lane free at its slot, and every host of the group shares the
 * group's lane count so their boxes have one width.
 */
function resolveOverlaps(placed: (Placement & { slot: number })[]): void {
  placed.sort((a, b) => a.slot - b.slot || compareText(a.key, b.key));
  // The group is placed[start, end): a range, not an array, since most hosts are a group of their own
  // and arrays made per host were most of placing a rack's garbage.
  let start = 0;
  let groupTop = 0;
  const closeGroup = (end: number) => {
    let lanes = 1;
    for (let i = start; i < end; i += 1) lanes = Math.max(lanes, (placed[i]?.lane ?? 0) + 1);
    for (let i = start; i < end; i += 1) {
      const host = placed[i];
      if (host) host.lanes = lanes;
    }
    start = end;
  };
  placed.forEach((host, end) => {
    if (end > start && host.slot > groupTop) closeGroup(end);
    if (end === start) {
      groupTop = host.slot + host.height - 1;
      return;
    }
    const overlapping = placed
      .slice(start, end)
      .filter((other) => other.slot + other.height - 1 >= host.slot);
    if (overlapping.length > 0) {
      const taken = new Set(overlapping.map((other) => other.lane));
      let lane = 0;
      while (taken.has(lane)) lane += 1;
      host.lane = lane;
      for (const other of overlapping) addOverlap(other, host.key);
      addOverlap(host, ...overlapping.map((other) => other.key));
    }
    groupTop = Math.max(groupTop, host.slot + host.height - 1);
  });
  closeGroup(placed.length);
}

function addOverlap(host: Placement, ...keys: string[]): void {
  let overlap = host.problems.find((problem) => problem.kind === 'overlap');
  if (!overlap) {
    overlap = { kind: 'overlap', with: [], count: 0 };
    host.problems.push(overlap);
  }
  overlap.count += keys.length;
  overlap.with.push(...keys.slice(0, OVERLAP_NAMES - overlap.with.length));
}

/**
 * Places hosts into racks: grouped by rack label, each host at its slot with its height, or in its
 * rack's unplaced tray. Racks come back in name order, hosts without a rack last (rack '').
 */
export function placeHosts(hosts: readonly PlacementInput[], units: number): RackPlacements[] {
  const racks = new Map<string, RackPlacements>();
  for (const host of hosts) {
    const name = host.rack ?? '';
    let rack = racks.get(name);
    if (!rack) {
      rack = { rack: name, placed: [], tray: [] };
      racks.set(name, rack);
    }
    // Without a rack there is no elevation to draw the host in.
    const placement = placeOne(name === '' ? { ...host, slot: undefined } : host, units);
    if (placement.slot === undefined) rack.tray.push(placement);
    else rack.placed.push(placement);
  }
  for (const rack of racks.values()) resolveOverlaps(rack.placed as (Placement & { slot: number })[]);
  return [...racks.values()].sort((a, b) =>
    a.rack === '' ? 1 : b.rack === '' ? -1 : compareText(a.rack, b.rack),
  );
}

/** One line per problem, for the tooltip and the rack's problem list. */
export function problemText(problem: PlacementProblem): string {
  switch (problem.kind) {
    case 'bad-slot':
      return `slot "${problem.text}" is not a unit number`;
    case 'bad-height':
      return `height "${problem.text}" is not a number of units (1 to ${MAX_HOST_UNITS})`;
    case 'out-of-range':
      return `U${problem.slot}${problem.height > 1 ? `–U${problem.slot + problem.height - 1}` : ''} is outside the rack's ${problem.units}U`;
    case 'overlap': {
      const names = problem.with.map((key) => key.split('/').at(-1) ?? key).join(', ');
      const more = problem.count - problem.with.length;
      return `shares units with ${names}${more > 0 ? ` and ${more} more` : ''}`;
    }
  }
}
