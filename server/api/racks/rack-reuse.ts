import type { RackSettings } from '../../schemas/rack-settings';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { HostRow, IndexedHost } from '../hosts/host-row';
import type { RackHostSource } from './rack-view';

/**
 * What one live build keeps of each rack for the next: the host rows the rack was made of and what
 * was made of them. A host's change gives it a new cached row, so a rack whose rows are the very rows
 * of the build before is taken as it was, unplaced. Both the rack view and the wall's racks tile build
 * through it: at 10,000 hosts, placing the whole fleet four times a second filled the old generation.
 */
export interface RackReuse<T> {
  racks: Map<string, { rows: HostRow[]; value: T }>;
  settings?: RackSettings;
}

export function rackReuse<T>(): RackReuse<T> {
  return { racks: new Map() };
}

/**
 * Each host's source, kept while its row is: every live rack build at 10,000 hosts otherwise wrapped the
 * whole fleet anew, and a scavenge during a build promoted those wrappers to the old generation.
 */
const sourceByRow = new WeakMap<IndexedHost, RackHostSource>();

/** `host` with its row, the same object for as long as the row is the same. */
export function rackSourceOf(host: BareMetalHost, indexed: IndexedHost): RackHostSource {
  let source = sourceByRow.get(indexed);
  if (!source) {
    source = { host, indexed };
    sourceByRow.set(indexed, source);
  }
  return source;
}

/**
 * The hosts of each rack named in `wanted`, in the order they came; '' for hosts without a rack.
 */
function byRack(
  sources: readonly RackHostSource[],
  wanted: ReadonlySet<string>,
): Map<string, RackHostSource[]> {
  const groups = new Map<string, RackHostSource[]>();
  for (const source of sources) {
    const name = source.indexed.row.rack ?? '';
    if (!wanted.has(name)) continue;
    const group = groups.get(name);
    if (group) group.push(source);
    else groups.set(name, [source]);
  }
  return groups;
}

/**
 * Every rack's host count, in the order the racks first come, and the racks whose rows are not those
 * of `before` in the same order. Counted, not gathered: at 10,000 hosts a build gathering every rack's
 * hosts into arrays allocated hundreds of KiB ten times a second, mostly for racks it then reused.
 */
function changedRacks<T>(
  sources: readonly RackHostSource[],
  before: RackReuse<T>['racks'] | undefined,
): { counts: Map<string, number>; changed: Set<string> } {
  const counts = new Map<string, number>();
  const changed = new Set<string>();
  for (const { indexed } of sources) {
    const name = indexed.row.rack ?? '';
    const at = counts.get(name) ?? 0;
    counts.set(name, at + 1);
    if (before?.get(name)?.rows[at] !== indexed.row) changed.add(name);
  }
  for (const [name, count] of counts) if (before?.get(name)?.rows.length !== count) changed.add(name);
  return { counts, changed };
}

/**
 * `make` of each rack's hosts, in the order the racks first come; with `reuse`, a rack whose hosts are
 * the rows of the build before is that build's value, and `make` is told that value for a rack that did
 * change. A change of the rack settings makes every rack again.
 */
export function eachRack<T>(
  sources: readonly RackHostSource[],
  settings: RackSettings,
  make: (group: readonly RackHostSource[], before: T | undefined) => T,
  reuse?: RackReuse<T>,
): T[] {
  if (reuse && reuse.settings !== settings) {
    reuse.racks.clear();
    reuse.settings = settings;
  }
  const before = reuse?.racks;
  const { counts, changed } = changedRacks(sources, before);
  const groups = byRack(sources, changed);
  const kept = new Map<string, { rows: HostRow[]; value: T }>();
  for (const name of counts.keys()) {
    const group = groups.get(name);
    const prior = before?.get(name);
    if (group)
      kept.set(name, { rows: group.map((source) => source.indexed.row), value: make(group, prior?.value) });
    else if (prior) kept.set(name, prior);
  }
  if (reuse) reuse.racks = kept;
  return [...kept.values()].map((rack) => rack.value);
}
