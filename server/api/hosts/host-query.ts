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

/** Sorted by the key, then by namespace/name so equal keys never swap places between snapshots. */
export function sortRows(rows: HostRow[], key: HostSortKey, dir: 'asc' | 'desc'): HostRow[] {
  const primary = compareBy(key);
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort(
    (a, b) => sign * primary(a, b) || compareText(a.namespace, b.namespace) || compareText(a.name, b.name),
  );
}

function countFacet(hosts: IndexedHost[], facet: FacetName): FacetCount[] {
  const counts = new Map<string, number>();
  for (const host of hosts) {
    const value = facetValueOf(host.row, facet);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts].map(([value, count]) => ({ value, count }));
}

function sortFacet(facet: FacetName, counts: FacetCount[], selected: string[]): FacetCount[] {
  // Selected values stay listed (with 0) so they can be unticked.
  const merged = new Map(counts.map((entry) => [entry.value, entry.count]));
  for (const value of selected) if (!merged.has(value)) merged.set(value, 0);
  const entries = [...merged].map(([value, count]) => ({ value, count }));
  if (facet === 'state') {
    const rank = (value: string) => groupRank.get(value as HostStateGroup) ?? HOST_STATE_GROUPS.length;
    return entries.sort((a, b) => rank(a.value) - rank(b.value));
  }
  if (facet === 'claim') return entries.sort((a, b) => compareText(a.value, b.value));
  return entries.sort((a, b) =>
    a.value === NONE ? 1 : b.value === NONE ? -1 : compareText(a.value, b.value),
  );
}

/**
 * The `shown` most common values (ties by name) and every selected one, in their listed order: the
 * rest of a fleet's hundreds of racks is one search or one "more" away.
 */
function mostCommon(sorted: FacetCount[], selected: string[], shown: number): FacetCount[] {
  if (sorted.length <= shown) return sorted;
  const kept = new Set(
    [...sorted]
      .sort((a, b) => b.count - a.count || compareText(a.value, b.value))
      .slice(0, shown)
      .map((entry) => entry.value),
  );
  return sorted.filter((entry) => kept.has(entry.value) || selected.includes(entry.value));
}

function selectedFacets(filter: HostFilter): Record<FacetName, string[]> {
  return { state: filter.state, rack: filter.rack, flavor: filter.flavor, claim: filter.claim };
}

/** Whether a host has one of the selected values of every facet (but `skip`) that has any selected. */
function passesFacets(host: IndexedHost, selected: Record<FacetName, string[]>, skip?: FacetName): boolean {
  return (Object.keys(selected) as FacetName[]).every(
    (facet) =>
      facet === skip ||
      selected[facet].length === 0 ||
      selected[facet].includes(facetValueOf(host.row, facet)),
  );
}

/** The hosts list's search and facets as one test: the hosts that list would show. */
export function hostFilter(filter: HostFilter): (host: IndexedHost) => boolean {
  const matches = searchMatcher(filter.search);
  const selected = selectedFacets(filter);
  return (host) => matches(host) && passesFacets(host, selected);
}

/**
 * Filters, counts facets, sorts and pages. Each facet's counts apply the search and every other
 * facet but not itself, so ticking a value shows what the others would add.
 */
export function queryHosts(hosts: IndexedHost[], query: HostQuery): HostPage {
  const matches = searchMatcher(query.search);
  const searched = hosts.filter(matches);
  const selected = selectedFacets(query);
  const facetNames = Object.keys(selected) as FacetName[];
  const passes = (host: IndexedHost, skip?: FacetName) => passesFacets(host, selected, skip);
  const facets = Object.fromEntries(
    facetNames.map((facet) => [
      facet,
      sortFacet(
        facet,
        countFacet(
          searched.filter((host) => passes(host, facet)),
          facet,
        ),
        selected[facet],
      ),
    ]),
  ) as unknown as HostFacets;
  const facetsHidden = { rack: 0, flavor: 0 };
  for (const facet of OPEN_FACETS) {
    if (query.expand.includes(facet)) continue;
    const all = facets[facet];
    facets[facet] = mostCommon(all, selected[facet], FACET_SHOWN);
    facetsHidden[facet] = all.length - facets[facet].length;
  }
  const filtered = searched.filter((host) => passes(host)).map((host) => host.row);
  return {
    ...pageSlice(sortRows(filtered, query.sort, query.dir), query.page, query.pageSize),
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
