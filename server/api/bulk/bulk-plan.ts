/**
 * The pure parts of a bulk job: which hosts a filter selects, why one is left alone when its turn
 * comes, and the tally of outcomes. The filter is the hosts list's own (hostFilter): one matcher.
 */
import { BULK_NOUNS } from '../../schemas/bulk-actions';
import { compareText } from '../compare-text';
import { hostFilter, type HostFilter } from '../hosts/host-query';
import type { IndexedHost } from '../hosts/host-row';
import { MAX_BULK_HOSTS } from './start.schema';

export interface BulkTarget {
  namespace: string;
  name: string;
  /** The host the filter matched: another created under its name meanwhile is not it. */
  uid?: string;
}

export type BulkPlan = { ok: true; targets: BulkTarget[] } | { ok: false; count: number; message: string };

/** The hosts `filter` matches now, in the hosts list's default order (namespace, then name). */
export function planTargets(
  hosts: readonly (IndexedHost & { uid?: string | undefined })[],
  filter: HostFilter,
  max = MAX_BULK_HOSTS,
): BulkPlan {
  const matches = hostFilter(filter);
  const targets = hosts
    .filter(matches)
    .map(({ row, uid }) => ({ namespace: row.namespace, name: row.name, ...(uid ? { uid } : {}) }))
    .sort((a, b) => compareText(a.namespace, b.namespace) || compareText(a.name, b.name));
  return limitPlan(targets, BULK_NOUNS.hosts, max);
}

/** A selection as a job's plan: refused when empty or larger than one job may act on. */
export function limitPlan(targets: BulkTarget[], noun: string, max = MAX_BULK_HOSTS): BulkPlan {
  if (targets.length === 0) return { ok: false, count: 0, message: `the filter matches no ${noun}` };
  if (targets.length > max) {
    return {
      ok: false,
      count: targets.length,
      message: `the filter matches ${targets.length} ${noun}; one job acts on at most ${max}: narrow the filter`,
    };
  }
  return { ok: true, targets };
}

/** Up to `size` names spread over the selection (first, last and between), for the confirmation. */
export function sampleOf(targets: readonly BulkTarget[], size = 10): string[] {
  if (targets.length <= size) return targets.map((target) => target.name);
  const step = (targets.length - 1) / (size - 1);
  return Array.from({ length: size }, (_, index) => targets[Math.round(index * step)]?.name ?? '');
}

const EMPTY: HostFilter = { search: '', state: [], rack: [], flavor: [], claim: [] };

/**
 * Why a host no longer matches the filter, or undefined when it still does: the first part of the
 * filter it fails, each part tested with the list's own matcher.
 */
export function noLongerMatches(host: IndexedHost, filter: HostFilter): string | undefined {
  if (hostFilter(filter)(host)) return undefined;
  const { row } = host;
  const parts: [keyof HostFilter, string][] = [
    ['search', `it no longer matches the search “${filter.search}”`],
    ['state', `its state is now ${row.status.group}`],
    ['rack', `its rack is now ${row.rack ?? 'none'}`],
    ['flavor', `its flavor is now ${row.flavor ?? 'none'}`],
    ['claim', `it is now ${row.notFree?.kind ?? 'free'}`],
  ];
  for (const [part, why] of parts) {
    if (!hostFilter({ ...EMPTY, [part]: filter[part] })(host)) return `no longer matches the filter: ${why}`;
  }
  return 'no longer matches the filter';
}

export const OUTCOMES = ['pending', 'done', 'skipped', 'failed', 'cancelled', 'not-run'] as const;
export type BulkOutcome = (typeof OUTCOMES)[number];
export type BulkTally = Record<BulkOutcome, number>;

/** Counts per outcome from grouped counts (a database's GROUP BY), every outcome present. */
export function tallyOf(groups: readonly { outcome: string; count: number }[]): BulkTally {
  const tally = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as BulkTally;
  for (const { outcome, count } of groups) {
    if ((OUTCOMES as readonly string[]).includes(outcome)) tally[outcome as BulkOutcome] += count;
  }
  return tally;
}

/** One line for the job's progress: "31 of 40 · 28 done, 2 skipped, 1 failed". */
export function tallyText(tally: BulkTally, total: number): string {
  const ended = OUTCOMES.filter((outcome) => outcome !== 'pending');
  const finished = ended.reduce((sum, outcome) => sum + tally[outcome], 0);
  const parts = ended
    .filter((outcome) => tally[outcome] > 0)
    .map((outcome) => `${tally[outcome]} ${outcome === 'not-run' ? 'not run' : outcome}`);
  return `${finished} of ${total}${parts.length ? ` · ${parts.join(', ')}` : ''}`;
}
