import { createHash } from 'node:crypto';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { HostRow, HostStatusView, IndexedHost } from '../hosts/host-row';
import { compareText } from '../compare-text';
import type { RackSettings } from '../../schemas/rack-settings';
import { placeHosts, problemText, type Placement, type RackPlacements } from './rack-layout';
import { eachRack, rackReuse, type RackReuse } from './rack-reuse';

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

/**
 * What one live rack view keeps from its last build for the next (rack-reuse.ts): each rack as it was
 * built, and each box, reused in a rack that did change while its host's row and place did not.
 */
export interface RacksMemo {
  boxes: WeakMap<HostRow, { facts: string; view: RackHostView }>;
  racks: RackReuse<PlacedRack>;
}

export function racksMemo(): RacksMemo {
  return { boxes: new WeakMap(), racks: rackReuse() };
}

interface PlacedRack {
  view: RackView;
  matched: number;
}

function sameBoxes(a: readonly RackHostView[], b: readonly RackHostView[]): boolean {
  return a.length === b.length && a.every((view, i) => view === b[i]);
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
  const placed = eachRack(
    sources,
    settings,
    (group, before) => placeRack(group, settings, matches, before?.view, memo?.boxes),
    memo?.racks,
  );
  const racks = placed.map((rack) => rack.view);
  racks.sort((a, b) => {
    if (a.name === '' || b.name === '') return a.name === '' ? 1 : -1;
    return Number(b.problems > 0) - Number(a.problems > 0) || compareText(a.name, b.name);
  });
  const matched = placed.reduce((sum, rack) => sum + rack.matched, 0);
  return { units: settings.units, racks, hosts: sources.length, matched };
}

/**
 * One rack's hosts placed and described, reusing the boxes in `boxes` and the rack `before` (its last
 * build) where they are as they were.
 */
function placeRack(
  group: readonly RackHostSource[],
  settings: RackSettings,
  matches: (host: IndexedHost) => boolean,
  before: RackView | undefined,
  boxes: RacksMemo['boxes'] | undefined,
): PlacedRack {
  const byKey = new Map(group.map((source) => [source.indexed.row.key, source]));
  const [rack] = placementsOf(group, settings);
  if (!rack) throw new Error('placing a rack with no hosts');
  let matched = 0;
  // The rack's version: every box's host version and facts, hashed piece by piece as the boxes are made
  // (a line of text per box, in every changed rack ten times a second, was a sixth of a build's garbage).
  const version = createHash('sha1');
  const viewOf = (placement: Placement): RackHostView => {
    const { host, indexed } = byKey.get(placement.key) as RackHostSource;
    const { row } = indexed;
    const match = matches(indexed);
    if (match) matched += 1;
    const problems = placement.problems.map(problemText);
    const facts = `${placement.slot ?? ''}/${placement.height}/${placement.lane}/${placement.lanes}/${match ? 1 : 0}\0${problems.join('\0')}`;
    version.update(row.key).update('\0').update(row.resourceVersion).update('\0').update(facts).update('\n');
    const kept = boxes?.get(row);
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
    boxes?.set(row, { facts, view });
    return view;
  };
  const placed = rack.placed.map(viewOf);
  const tray = rack.tray.map(viewOf);
  const view =
    before && sameBoxes(before.placed, placed) && sameBoxes(before.tray, tray)
      ? before
      : {
          name: rack.rack,
          problems: [...placed, ...tray].filter((box) => isProblem(box.tone, box.problems.length)).length,
          placed,
          tray,
          version: version.digest('base64url').slice(0, 16),
        };
  return { view, matched };
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

/** One rack as the wall counts it and, with `draw`, draws it. */
function summariseRack(group: readonly RackHostSource[], settings: RackSettings, draw: boolean): RackDrawing {
  const [rack] = placementsOf(group, settings);
  if (!rack) throw new Error('placing a rack with no hosts');
  const rowOf = new Map(group.map((source) => [source.indexed.row.key, source.indexed.row]));
  const row = (placement: Placement) => rowOf.get(placement.key) as HostRow;
  const counted = (placement: Placement) => isProblem(row(placement).status.tone, placement.problems.length);
  return {
    name: rack.rack,
    problems: rack.placed.filter(counted).length + rack.tray.filter(counted).length,
    boxes: draw
      ? rack.placed.map((placement) => {
          const { tone, power } = row(placement).status;
          return [placement.slot ?? 1, placement.height, placement.lane, placement.lanes, tone, power];
        })
      : [],
    unplaced: rack.tray.length,
  };
}

/**
 * What the wall shows of the racks, straight from the hosts: placed and counted as the rack view counts
 * them, but no host described or hashed. With `draw`, every rack is drawn too, each host as a box. With
 * `reuse` (one per live wall, which draws or does not for its whole life), a rack whose hosts did not
 * change is the one of the build before, unplaced.
 */
export function summariseRacks(
  sources: readonly RackHostSource[],
  settings: RackSettings,
  draw = false,
  reuse?: RackReuse<RackDrawing>,
): RackSummary {
  const racks = eachRack(sources, settings, (group) => summariseRack(group, settings, draw), reuse).filter(
    (rack) => rack.name !== '',
  );
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
