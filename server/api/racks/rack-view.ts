import { createHash } from 'node:crypto';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { HostRow, HostStatusView, IndexedHost } from '../hosts/host-row';
import { compareText } from '../compare-text';
import type { RackSettings } from '../../schemas/rack-settings';
import { placeHosts, problemText, type Placement, type RackPlacements } from './rack-layout';

/**
 * One host's box, lean: what the box, its card and the keyboard draw (name, state, cluster, BMC, last
 * change, place), not the hosts list's whole row. At 10,000 hosts every message carries a rack's boxes;
 * the bar's action menu asks for the chosen host's row on its own (racks.host).
 */
export interface RackHostView {
  key: string;
  namespace: string;
  name: string;
  /** metadata.resourceVersion: the row fetched for the bar and the card is refetched when it moves. */
  resourceVersion: string;
  tone: HostStatusView['tone'];
  power: HostStatusView['power'];
  /** The state in words, as the hosts list's primary line. */
  label: string;
  tenant?: { namespace: string; name: string };
  role?: string;
  bmc?: string;
  /** Lowest unit, when drawn in the elevation. */
  slot?: number;
  height: number;
  lane: number;
  lanes: number;
  /** Placement problems (overlap, out of range, unreadable slot), in words. */
  problems: string[];
  /** status.lastUpdated: when the host's operator last changed its status. */
  lastChange?: string;
  /** Whether the hosts list's search and facets select it (true for all when none are set). */
  match: boolean;
}

export interface RackView {
  /** The rack label's value; '' for the hosts that carry none. */
  name: string;
  /** Hosts in error and hosts whose place is wrong (overlap, outside the rack, unreadable). */
  problems: number;
  placed: RackHostView[];
  tray: RackHostView[];
  /** Changes whenever anything drawn in the rack changes, so the page repaints only that rack. */
  version: string;
}

export interface RacksView {
  units: number;
  racks: RackView[];
  hosts: number;
  /** Hosts the search and facets select; equal to `hosts` when none are set. */
  matched: number;
}

export interface RackHostSource {
  host: BareMetalHost;
  indexed: IndexedHost;
}

/** A host's slot or height as written (its label, else its annotation `key`). */
export function positionText(host: BareMetalHost, key: string): string | undefined {
  return host.metadata.labels?.[key] ?? host.metadata.annotations?.[key];
}

/** A host in error, or one whose place is wrong: what a rack's problem count counts. */
function isProblem(tone: HostStatusView['tone'], placementProblems: number): boolean {
  return tone === 'error' || placementProblems > 0;
}

/** Each host in the rack settings' terms, for the placer. */
function placementsOf(sources: readonly RackHostSource[], settings: RackSettings): RackPlacements[] {
  return placeHosts(
    sources.map(({ host, indexed }) => ({
      key: indexed.row.key,
      rack: indexed.row.rack,
      slot: positionText(host, settings.slotKey),
      height: positionText(host, settings.heightKey),
    })),
    settings.units,
  );
}

function versionOf(placed: RackHostView[], tray: RackHostView[]): string {
  const hash = createHash('sha1');
  for (const view of [...placed, ...tray]) {
    hash.update(
      `${view.key}\0${view.resourceVersion}\0${view.match ? 1 : 0}\0${view.slot ?? ''}/${view.height}/${view.lane}/${view.lanes}\0${view.problems.join('\0')}\n`,
    );
  }
  return hash.digest('base64url').slice(0, 16);
}

/**
 * What one live rack view keeps from its last build for the next. A live view is rebuilt up to four
 * times a second while changes come, each time over the whole fleet; at 10,000 hosts, placing and
 * describing every host again made megabytes that outlived the young generation and filled the old
 * one, so the server stopped for a full collection every 13–15 s (docs/benchmarks.md, "The stall 16 s
 * into the racks live phase"). A rack whose hosts are the same rows as before (a host that changed has
 * a new row) is taken as it was, unplaced and unhashed; in a rack that did change, the boxes of hosts
 * whose row and place did not are reused.
 */
export interface RacksMemo {
  boxes: WeakMap<HostRow, { facts: string; view: RackHostView }>;
  racks: Map<string, { rows: HostRow[]; view: RackView; matched: number }>;
  settings?: RackSettings;
}

export function racksMemo(): RacksMemo {
  return { boxes: new WeakMap(), racks: new Map() };
}

function sameBoxes(a: readonly RackHostView[], b: readonly RackHostView[]): boolean {
  return a.length === b.length && a.every((view, i) => view === b[i]);
}

function sameRows(rows: readonly HostRow[], sources: readonly RackHostSource[]): boolean {
  return rows.length === sources.length && rows.every((row, i) => row === sources[i]?.indexed.row);
}

/** The hosts of each rack, in the order they came; '' for hosts without a rack. */
function byRack(sources: readonly RackHostSource[]): Map<string, RackHostSource[]> {
  const groups = new Map<string, RackHostSource[]>();
  for (const source of sources) {
    const name = source.indexed.row.rack ?? '';
    const group = groups.get(name);
    if (group) group.push(source);
    else groups.set(name, [source]);
  }
  return groups;
}

/**
 * Every rack with its hosts placed, racks with problems first (then by name), hosts without a rack
 * last. `matches` is the hosts list's filter: the page highlights what it selects. With `memo`, the
 * racks and boxes that did not change are the objects of the build before.
 */
export function buildRacksView(
  sources: readonly RackHostSource[],
  settings: RackSettings,
  matches: (host: IndexedHost) => boolean,
  memo?: RacksMemo,
): RacksView {
  if (memo && memo.settings !== settings) {
    memo.racks.clear();
    memo.settings = settings;
  }
  const kept = new Map<string, { rows: HostRow[]; view: RackView; matched: number }>();
  let matched = 0;
  for (const [name, group] of byRack(sources)) {
    const before = memo?.racks.get(name);
    const rack = before && sameRows(before.rows, group) ? before : placeRack(group, settings, matches, memo);
    matched += rack.matched;
    kept.set(name, rack);
  }
  if (memo) memo.racks = kept;
  const racks = [...kept.values()].map((rack) => rack.view);
  racks.sort((a, b) => {
    if (a.name === '' || b.name === '') return a.name === '' ? 1 : -1;
    return Number(b.problems > 0) - Number(a.problems > 0) || compareText(a.name, b.name);
  });
  return { units: settings.units, racks, hosts: sources.length, matched };
}

/** One rack's hosts placed and described, reusing from `memo` the boxes and the rack left as they were. */
function placeRack(
  group: readonly RackHostSource[],
  settings: RackSettings,
  matches: (host: IndexedHost) => boolean,
  memo?: RacksMemo,
): { rows: HostRow[]; view: RackView; matched: number } {
  const byKey = new Map(group.map((source) => [source.indexed.row.key, source]));
  const [rack] = placementsOf(group, settings);
  if (!rack) throw new Error('placing a rack with no hosts');
  let matched = 0;
  const viewOf = (placement: Placement): RackHostView => {
    const { host, indexed } = byKey.get(placement.key) as RackHostSource;
    const { row } = indexed;
    const match = matches(indexed);
    if (match) matched += 1;
    const problems = placement.problems.map(problemText);
    const facts = `${placement.slot ?? ''}/${placement.height}/${placement.lane}/${placement.lanes}/${match ? 1 : 0}\0${problems.join('\0')}`;
    const kept = memo?.boxes.get(row);
    if (kept?.facts === facts) return kept.view;
    const view: RackHostView = {
      key: row.key,
      namespace: row.namespace,
      name: row.name,
      resourceVersion: row.resourceVersion,
      tone: row.status.tone,
      power: row.status.power,
      label: row.status.label,
      tenant: row.tenant,
      role: row.role,
      bmc: row.bmc?.address,
      slot: placement.slot,
      height: placement.height,
      lane: placement.lane,
      lanes: placement.lanes,
      problems,
      lastChange: host.status?.lastUpdated,
      match,
    };
    memo?.boxes.set(row, { facts, view });
    return view;
  };
  const placed = rack.placed.map(viewOf);
  const tray = rack.tray.map(viewOf);
  const rows = group.map((source) => source.indexed.row);
  const before = memo?.racks.get(rack.rack)?.view;
  const view =
    before && sameBoxes(before.placed, placed) && sameBoxes(before.tray, tray)
      ? before
      : {
          name: rack.rack,
          problems: [...placed, ...tray].filter((box) => isProblem(box.tone, box.problems.length)).length,
          placed,
          tray,
          version: versionOf(placed, tray),
        };
  return { rows, view, matched };
}

/**
 * One host as the wall draws it, small: its units, its lane among hosts sharing them, and what its
 * colour is made of. A tuple, since a wall of every rack carries one per host in every message.
 */
export type RackBox = [
  slot: number,
  height: number,
  lane: number,
  lanes: number,
  tone: HostStatusView['tone'],
  power: HostStatusView['power'],
];

/** A rack as the wall draws it: its boxes, and how many of its hosts have no place to be drawn at. */
export interface RackDrawing {
  name: string;
  problems: number;
  boxes: RackBox[];
  unplaced: number;
}

/** What the wall shows of the racks: how many, and those with problems, most problems first. */
export interface RackSummary {
  total: number;
  problems: { name: string; problems: number }[];
  /** Every rack drawn, racks with problems first, when the wall asked for all of them. */
  drawn?: { units: number; racks: RackDrawing[] };
}

/**
 * What the wall shows of the racks, straight from the hosts: placed and counted as the rack view counts
 * them, but no host described or hashed — the wall rebuilds it on every change. With `draw`, every
 * rack is drawn too, each host as a box.
 */
export function summariseRacks(
  sources: readonly RackHostSource[],
  settings: RackSettings,
  draw = false,
): RackSummary {
  const rowOf = new Map(sources.map((source) => [source.indexed.row.key, source.indexed.row]));
  const row = (placement: Placement) => rowOf.get(placement.key) as HostRow;
  const counted = (placement: Placement) => isProblem(row(placement).status.tone, placement.problems.length);
  const racks = placementsOf(sources, settings)
    .filter((rack) => rack.rack !== '')
    .map((rack): RackDrawing => ({
      name: rack.rack,
      problems: rack.placed.filter(counted).length + rack.tray.filter(counted).length,
      boxes: draw
        ? rack.placed.map((placement) => {
            const { tone, power } = row(placement).status;
            return [placement.slot ?? 1, placement.height, placement.lane, placement.lanes, tone, power];
          })
        : [],
      unplaced: rack.tray.length,
    }));
  const byProblems = (a: RackDrawing, b: RackDrawing) =>
    b.problems - a.problems || compareText(a.name, b.name);
  const summary: RackSummary = {
    total: racks.length,
    problems: racks
      .filter((rack) => rack.problems > 0)
      .sort(byProblems)
      .map(({ name, problems }) => ({ name, problems })),
  };
  if (!draw) return summary;
  return { ...summary, drawn: { units: settings.units, racks: racks.sort(byProblems) } };
}
