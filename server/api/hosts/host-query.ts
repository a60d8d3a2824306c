import { z } from 'zod';
import { macSearchFragment, normalizeMac, macHex } from '../../schemas/mac-address';
import {
  HOST_SORT_KEYS,
  HOST_STATE_GROUPS,
  OPEN_FACETS,
  type HostSortKey,
  type OpenFacet,
  type HostStateGroup,
} from '../../schemas/host-list';
import { CLAIM_VALUES } from '../../schemas/host-free';
import type { HostRow, IndexedHost } from './host-row';
import { pageSlice } from '../page-slice';
import { compareText } from '../compare-text';
import { SortHints } from '../hinted-sort';

export const PAGE_SIZES = [50, 100, 250] as const;
export const MAX_PAGE = 10_000;
export const MAX_SEARCH = 200;
/** Facet value for hosts without the label; parentheses are not allowed in label values. */
export const NONE = '(none)';

const facetValues = z.array(z.string().min(1).max(253)).max(100);

/** An open facet lists this many values, the most common, unless the viewer asked for all of them. */
export const FACET_SHOWN = 15;

/** The hosts list's input: everything the URL carries. */
export const hostQuerySchema = z.object({
  search: z.string().trim().max(MAX_SEARCH, `search must be at most ${MAX_SEARCH} characters`).default(''),
  state: z.array(z.enum(HOST_STATE_GROUPS)).max(HOST_STATE_GROUPS.length).default([]),
  rack: facetValues.default([]),
  flavor: facetValues.default([]),
  claim: z.array(z.enum(CLAIM_VALUES)).max(CLAIM_VALUES.length).default([]),
  sort: z.enum(HOST_SORT_KEYS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.int().min(1).max(MAX_PAGE, `page must be at most ${MAX_PAGE}`).default(1),
  pageSize: z.literal(PAGE_SIZES, { error: 'pageSize must be 50, 100 or 250' }).default(50),
  /** Open facets to list in full. */
  expand: z.array(z.enum(OPEN_FACETS)).max(OPEN_FACETS.length).default([]),
});
export type HostQuery = z.output<typeof hostQuerySchema>;

/** The search and facets alone: what another view of the hosts (the racks) highlights by. */
export const hostFilterSchema = hostQuerySchema.pick({
  search: true,
  state: true,
  rack: true,
  flavor: true,
  claim: true,
});
export type HostFilter = z.output<typeof hostFilterSchema>;
export type HostFilterInput = z.input<typeof hostFilterSchema>;
export type HostQueryInput = z.input<typeof hostQuerySchema>;

export interface FacetCount {
  value: string;
  count: number;
}

export interface HostFacets {
  state: FacetCount[];
  rack: FacetCount[];
  flavor: FacetCount[];
  claim: FacetCount[];
}

export interface HostPage {
  rows: HostRow[];
  /** Hosts matching search and facets. */
  total: number;
  /** Every host the server knows. */
  totalAll: number;
  /** The page actually served (clamped to the last page). */
  page: number;
  pageSize: number;
  pageCount: number;
  facets: HostFacets;
  /** Per open facet, how many of its values were left out of `facets` (0 when all are listed). */
  facetsHidden: Record<OpenFacet, number>;
}

type FacetName = keyof HostFacets;

function facetValueOf(row: HostRow, facet: FacetName): string {
  switch (facet) {
    case 'state':
      return row.status.group;
    case 'rack':
      return row.rack ?? NONE;
    case 'flavor':
      return row.flavor ?? NONE;
    case 'claim':
      return row.notFree?.kind ?? 'free';
  }
}

/** One search term matches a host when it is in its name, namespace, BMC, serial, a MAC or an IP. */
function termMatcher(term: string): (host: IndexedHost) => boolean {
  const lower = term.toLowerCase();
  const fullMac = macHex(term);
  const fragment = macSearchFragment(term);
  return (host) => {
    if (fullMac) return host.search.macs.includes(fullMac);
    if (fragment && host.search.macs.some((mac) => mac.includes(fragment))) return true;
    if (host.search.ips.some((ip) => ip.startsWith(lower))) return true;
    if (host.search.text.some((text) => text.includes(lower))) return true;
    const tenant = host.row.tenant;
    return tenant !== undefined && `${tenant.namespace}/${tenant.name}`.includes(lower);
  };
}

/**
 * A query is a whole MAC (in any spelling, spaces included) or whitespace-separated terms that must
 * all match.
 */
export function searchMatcher(search: string): (host: IndexedHost) => boolean {
  const trimmed = search.trim();
  if (!trimmed) return () => true;
  if (normalizeMac(trimmed)) return termMatcher(trimmed);
  const matchers = trimmed.split(/\s+/).map(termMatcher);
  return (host) => matchers.every((match) => match(host));
}

const groupRank = new Map<HostStateGroup, number>(HOST_STATE_GROUPS.map((group, index) => [group, index]));

function compareBy(key: HostSortKey): (a: HostRow, b: HostRow) => number {
  switch (key) {
    case 'name':
      return (a, b) => compareText(a.name, b.name);
    case 'namespace':
      return (a, b) => compareText(a.namespace, b.namespace);
    case 'status':
      return (a, b) =>
        (groupRank.get(a.status.group) ?? 0) - (groupRank.get(b.status.group) ?? 0) ||
        compareText(a.status.label, b.status.label);
    case 'tenant':
      return (a, b) =>
        compareText(
          a.tenant ? `${a.tenant.namespace}/${a.tenant.name}/${a.role ?? ''}` : undefined,
          b.tenant ? `${b.tenant.namespace}/${b.tenant.name}/${b.role ?? ''}` : undefined,
        );
    case 'rack':
      return (a, b) => compareText(a.rack, b.rack);
    case 'flavor':
      return (a, b) => compareText(a.flavor, b.flavor);
    case 'bmc':
      return (a, b) => compareText(a.bmc?.host, b.bmc?.host);
    case 'mac':
      return (a, b) => compareText(a.bootMac, b.bootMac);
    case 'age':
      // Ascending age = newest first.
      return (a, b) => compareText(b.createdAt, a.createdAt);
  }
}

/** By the key, then by namespace/name so equal keys never swap places between snapshots. */
function rowOrder(key: HostSortKey, dir: 'asc' | 'desc'): (a: HostRow, b: HostRow) => number {
  const primary = compareBy(key);
  const sign = dir === 'asc' ? 1 : -1;
  return (a, b) =>
    sign * primary(a, b) || compareText(a.namespace, b.namespace) || compareText(a.name, b.name);
}

export function sortRows(rows: HostRow[], key: HostSortKey, dir: 'asc' | 'desc'): HostRow[] {
  return [...rows].sort(rowOrder(key, dir));
}

/**
 * The last order of each query's rows (search, facets and sort; at most this many queries), the
 * starting point of its next sort: a live hosts list is sorted again after every change.
 */
const HINTED_QUERIES = 32;
const hostOrders = new SortHints(HINTED_QUERIES);

function sortQueried(rows: HostRow[], query: HostQuery): HostRow[] {
  const { search, state, rack, flavor, claim, sort, dir } = query;
  return hostOrders.sort(
    JSON.stringify([search, state, rack, flavor, claim, sort, dir]),
    rows,
    (row) => row.key,
    rowOrder(sort, dir),
  );
}

type FacetTally = Record<FacetName, Map<string, number>>;

/**
 * In one pass over the searched hosts: the rows every facet passes, and each facet's counts over the
 * hosts every other facet passes. A host that fails no facet counts in all of them, one that fails
 * exactly one counts in that one only, and one that fails two counts nowhere.
 */
function filterAndTally(
  searched: IndexedHost[],
  selected: Record<FacetName, string[]>,
): { rows: HostRow[]; tally: FacetTally } {
  const names = Object.keys(selected) as FacetName[];
  const tally = Object.fromEntries(names.map((facet) => [facet, new Map<string, number>()])) as FacetTally;
  const add = (facet: FacetName, value: string) => {
    tally[facet].set(value, (tally[facet].get(value) ?? 0) + 1);
  };
  const rows: HostRow[] = [];
  // The host's value of each facet, by the facet's place in `names`, reused for every host: iterating
  // a Map's entries makes an array per host and facet, and this runs over every host per build.
  const values: string[] = [];
  for (const { row } of searched) {
    let failed = -1;
    let failures = 0;
    for (let at = 0; at < names.length; at++) {
      const facet = names[at] as FacetName;
      const value = facetValueOf(row, facet);
      values[at] = value;
      const wanted = selected[facet];
      if (wanted.length > 0 && !wanted.includes(value)) {
        failed = at;
        failures += 1;
      }
    }
    if (failures === 0) {
      rows.push(row);
      for (let at = 0; at < names.length; at++) add(names[at] as FacetName, values[at] as string);
    } else if (failures === 1) {
      add(names[failed] as FacetName, values[failed] as string);
    }
  }
  return { rows, tally };
}

/** A facet's counts as entries, with each selected value listed (at 0 if no host has it) so it can be unticked. */
function facetEntries(counts: ReadonlyMap<string, number>, selected: string[]): FacetCount[] {
  const entries = [...counts].map(([value, count]) => ({ value, count }));
  for (const value of selected) if (!counts.has(value)) entries.push({ value, count: 0 });
  return entries;
}

function sortFacet(facet: FacetName, entries: FacetCount[]): FacetCount[] {
  if (facet === 'state') {
    const rank = (value: string) => groupRank.get(value as HostStateGroup) ?? HOST_STATE_GROUPS.length;
    return entries.sort((a, b) => rank(a.value) - rank(b.value));
  }
  if (facet === 'claim') return entries.sort((a, b) => compareText(a.value, b.value));
  return entries.sort((a, b) =>
    a.value === NONE ? 1 : b.value === NONE ? -1 : compareText(a.value, b.value),
  );
}

/** Whether `a` is more common than `b`, ties by name. */
function commoner(a: FacetCount, b: FacetCount): number {
  return b.count - a.count || compareText(a.value, b.value);
}

/**
 * The `shown` most common values (ties by name) and every selected one: the rest of a fleet's
 * hundreds of racks is one search or one "more" away. Picked in one pass, keeping the `shown` best so
 * far: an open facet can have thousands of values, and sorting them all twice per build (by name,
 * then by count) was a third of a live hosts list's time.
 */
function mostCommon(entries: FacetCount[], selected: string[], shown: number): FacetCount[] {
  if (entries.length <= shown) return entries;
  const best: FacetCount[] = [];
  for (const entry of entries) {
    const last = best.at(-1);
    if (best.length === shown && last && commoner(entry, last) >= 0) continue;
    let at = best.length;
    while (at > 0 && commoner(entry, best[at - 1] as FacetCount) < 0) at -= 1;
    best.splice(at, 0, entry);
    if (best.length > shown) best.pop();
  }
  const kept = new Set(best);
  return entries.filter((entry) => kept.has(entry) || selected.includes(entry.value));
}

function isOpenFacet(facet: FacetName): facet is OpenFacet {
  return (OPEN_FACETS as readonly string[]).includes(facet);
}

function selectedFacets(filter: HostFilter): Record<FacetName, string[]> {
  return { state: filter.state, rack: filter.rack, flavor: filter.flavor, claim: filter.claim };
}

/**
 * The hosts list's search and facets as one test: the hosts that list would show. The facets with a
 * selection are found once, not per host: the rack view tests every box of each changed rack.
 */
export function hostFilter(filter: HostFilter): (host: IndexedHost) => boolean {
  const matches = searchMatcher(filter.search);
  const selected = selectedFacets(filter);
  const active = (Object.keys(selected) as FacetName[]).filter((facet) => selected[facet].length > 0);
  return (host) => {
    if (!matches(host)) return false;
    for (const facet of active) if (!selected[facet].includes(facetValueOf(host.row, facet))) return false;
    return true;
  };
}

/**
 * Filters, counts facets, sorts and pages. Each facet's counts apply the search and every other
 * facet but not itself, so ticking a value shows what the others would add.
 */
export function queryHosts(hosts: IndexedHost[], query: HostQuery): HostPage {
  const searched = query.search.trim() ? hosts.filter(searchMatcher(query.search)) : hosts;
  const selected = selectedFacets(query);
  const { rows, tally } = filterAndTally(searched, selected);
  const facets = {} as HostFacets;
  const facetsHidden: Record<OpenFacet, number> = { rack: 0, flavor: 0 };
  for (const facet of Object.keys(selected) as FacetName[]) {
    const entries = facetEntries(tally[facet], selected[facet]);
    if (!isOpenFacet(facet)) {
      facets[facet] = sortFacet(facet, entries);
      continue;
    }
    const listed = query.expand.includes(facet) ? entries : mostCommon(entries, selected[facet], FACET_SHOWN);
    facets[facet] = sortFacet(facet, listed);
    facetsHidden[facet] = entries.length - listed.length;
  }
  return {
    ...pageSlice(sortQueried(rows, query), query.page, query.pageSize),
    totalAll: hosts.length,
    facets,
    facetsHidden,
  };
}

/**
 * Whether a host's change (`before` undefined: added or deleted) can change what `queryHosts` answers
 * for `query`. With a search, the rows and every facet count only hosts the search matches, and the
 * count of all hosts changes only when one is added or deleted: a change to a host the search matches
 * neither before nor after changes nothing the page shows. Without a search every host counts in the
 * facets, so every change may.
 */
export function hostChangeConcerns(
  query: Pick<HostQuery, 'search'>,
): (now: IndexedHost, before: IndexedHost | undefined) => boolean {
  if (!query.search.trim()) return () => true;
  const matches = searchMatcher(query.search);
  return (now, before) => before === undefined || matches(now) || matches(before);
}
