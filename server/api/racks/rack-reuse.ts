import type { RackSettings } from '../../schemas/rack-settings';
import type { HostRow } from '../hosts/host-row';
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
  const kept = new Map<string, { rows: HostRow[]; value: T }>();
  for (const [name, group] of byRack(sources)) {
    const before = reuse?.racks.get(name);
    kept.set(
      name,
      before && sameRows(before.rows, group)
        ? before
        : { rows: group.map((source) => source.indexed.row), value: make(group, before?.value) },
    );
  }
  if (reuse) reuse.racks = kept;
  return [...kept.values()].map((rack) => rack.value);
}
