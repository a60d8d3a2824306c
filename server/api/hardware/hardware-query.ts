import { macHex, macSearchFragment, normalizeMac } from '../../schemas/mac-address';
import {
  HARDWARE_STATES,
  type HardwareFilter,
  type HardwarePage,
  type HardwareQuery,
  type HardwareRow,
  type HardwareSortKey,
  type HardwareState,
} from '../../schemas/hardware-list';
import { pageSlice } from '../page-slice';
import { compareText } from '../compare-text';

const stateRank = new Map<HardwareState, number>(HARDWARE_STATES.map((state, index) => [state, index]));

function compareBy(key: HardwareSortKey): (a: HardwareRow, b: HardwareRow) => number {
  switch (key) {
    case 'mac':
      return (a, b) => compareText(a.mac, b.mac);
    case 'vendor':
      return (a, b) => compareText(a.vendor, b.vendor);
    case 'ip':
      return (a, b) => compareText(a.ip, b.ip);
    case 'firstSeen':
      return (a, b) => compareText(a.firstSeen, b.firstSeen);
    case 'lastSeen':
      return (a, b) => compareText(a.lastSeen, b.lastSeen);
    case 'bootCount':
      return (a, b) => a.bootCount - b.bootCount;
    case 'state':
      return (a, b) => (stateRank.get(a.state) ?? 0) - (stateRank.get(b.state) ?? 0);
    case 'machine':
      return (a, b) =>
        compareText(
          a.machine ? `${a.machine.namespace}/${a.machine.name}` : null,
          b.machine ? `${b.machine.namespace}/${b.machine.name}` : null,
        );
  }
}

function termMatcher(term: string): (row: HardwareRow) => boolean {
  const lower = term.toLowerCase();
  const fullMac = macHex(term);
  const fragment = macSearchFragment(term);
  return (row) => {
    const hex = row.mac.replace(/:/g, '');
    if (fullMac) return hex === fullMac;
    if (fragment && hex.includes(fragment)) return true;
    if (row.ip?.startsWith(lower) || row.machineIp?.startsWith(lower)) return true;
    if (row.vendor?.toLowerCase().includes(lower)) return true;
    if (row.serial?.toLowerCase().includes(lower)) return true;
    return row.machine !== null && `${row.machine.namespace}/${row.machine.name}`.includes(lower);
  };
}

/** One whole MAC in any spelling (spaces included), or space-separated terms that must all match. */
export function hardwareMatcher(search: string): (row: HardwareRow) => boolean {
  const trimmed = search.trim();
  if (!trimmed) return () => true;
  if (normalizeMac(trimmed)) return termMatcher(trimmed);
  const matchers = trimmed.split(/\s+/).map(termMatcher);
  return (row) => matchers.every((match) => match(row));
}

function stateMatcher(states: readonly HardwareState[]): (row: HardwareRow) => boolean {
  return states.length === 0 ? () => true : (row) => states.includes(row.state);
}

/** The rows the list shows for `filter` (its search and state facet), before sorting and paging. */
export function hardwareFilter(filter: HardwareFilter): (row: HardwareRow) => boolean {
  const searched = hardwareMatcher(filter.search);
  const inState = stateMatcher(filter.state);
  return (row) => searched(row) && inState(row);
}

/** Filters, counts states, sorts (ties by MAC, so rows never swap between snapshots) and pages. */
export function queryHardware(rows: HardwareRow[], query: HardwareQuery, now: Date): HardwarePage {
  const searched = rows.filter(hardwareMatcher(query.search));
  const counts = new Map<HardwareState, number>();
  for (const row of searched) counts.set(row.state, (counts.get(row.state) ?? 0) + 1);
  const states = HARDWARE_STATES.filter((state) => counts.has(state) || query.state.includes(state)).map(
    (value) => ({ value, count: counts.get(value) ?? 0 }),
  );
  const filtered = searched.filter(stateMatcher(query.state));
  const primary = compareBy(query.sort);
  const sign = query.dir === 'asc' ? 1 : -1;
  const sorted = filtered.sort((a, b) => sign * primary(a, b) || compareText(a.mac, b.mac));
  return {
    ...pageSlice(sorted, query.page, query.pageSize),
    totalAll: rows.length,
    states,
    at: now.toISOString(),
  };
}
