import { SIP_NODE_TYPE_LABEL } from '../../schemas/host-labels';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { SIPClusterNodeSet, SIPClusterSpec } from '../../types/crds/sip-cluster';
import { SCHEDULABLE } from './host-availability';
import { belongsTo, isUnclaimed, type HostPool } from './host-pool';
import {
  claimExclusion,
  excludedBy,
  ownExclusion,
  SURPLUS,
  type ExclusionStep,
  type HostVerdict,
  type RoleRules,
} from './host-verdict';
import { describeLabelSelector, labelSelectorMismatch, labelSelectorProblem } from './match-label-selector';
import { SIP_ROLES, type SipRole } from './sip-names';
import { hostKey, sortedHosts } from './stable-order';

export interface ScheduleInput {
  nodes: SIPClusterSpec['nodes'];
  /** The SIPCluster's namespace and name: the values of the labels this cluster's hosts carry. */
  namespace: string;
  name: string;
  /** Every host that may be considered. */
  hosts: HostPool;
  /**
   * Why a free host cannot serve `role` (a missing Secret or IP), or undefined when it can. Called
   * only for hosts that already passed the selector, anti-affinity and networkData checks. Absent
   * in the console's preview, which cannot read Secrets.
   */
  unusable?: (host: BareMetalHost, role: SipRole) => string | undefined;
  /**
   * Count every schedulable host (the preview's numbers) instead of stopping once a role has enough:
   * with thousands of free hosts a reconcile only needs the first few.
   */
  exhaustive?: boolean;
  /**
   * Judge every host of the pool, claimed ones too, and return each verdict per role (implies
   * exhaustive): the console's explanation of the schedule. The controller leaves it off.
   */
  explain?: boolean;
  /**
   * Free hosts are taken in stable order from the first one at or after a position among all hosts
   * derived from this text (the planner passes the cluster's namespace/name). Without it every cluster
   * would try the same first free host and many clusters created together would queue behind one
   * another's conflicting writes.
   */
  spreadBy?: string;
}

/** FNV-1a: a fixed, dependency-free string hash; only the spread of starting points matters. */
function startingPoint(text: string, length: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return length === 0 ? 0 : hash % length;
}

export interface SkippedHost {
  host: BareMetalHost;
  reason: string;
}

export interface RoleSchedule {
  role: SipRole;
  /** active + standby. */
  wanted: number;
  /** The selector in kubectl syntax, plus `, one per <topologyKey>` when anti-affinity applies. */
  rule: string;
  /** Set when the selector is invalid (it then matches nothing). */
  selectorProblem?: string;
  /** Hosts already labelled for this cluster and role that keep their labels. */
  kept: BareMetalHost[];
  /** Free hosts to label now. Empty for every role when any role is short (all or nothing). */
  selected: BareMetalHost[];
  /** Hosts labelled for this role beyond `wanted`, to unlabel. */
  released: BareMetalHost[];
  /** Unclaimed hosts that match the selector (before availability, anti-affinity and usability). */
  matching: number;
  /** Matching unclaimed hosts counted by availabilityOf (`available` or what holds them back). */
  candidates: Record<string, number>;
  /** kept + every free host the role could take under anti-affinity, not capped at `wanted`. */
  schedulable: number;
  /** How many hosts are missing: max(0, wanted - schedulable). */
  shortfall: number;
  /** Matching free hosts that could not be taken, with the reason (anti-affinity duplicates excluded). */
  skipped: SkippedHost[];
  /** With `explain`: every host's verdict for this role, kept hosts first, then in walk order. */
  verdicts: HostVerdict[];
}

export interface HostSchedule {
  /** One entry per role present in spec.nodes, ControlPlane first. */
  roles: RoleSchedule[];
  /** Hosts labelled for this cluster under a role that spec.nodes no longer has (or an unknown one). */
  strays: BareMetalHost[];
  /** False when some role is short; then no role selects anything. */
  complete: boolean;
}

/**
 * Chooses hosts for a SIPCluster; pure and deterministic (input order does not matter).
 *
 * - Roles are scheduled ControlPlane first, then Worker; a host taken by one is not offered to the next.
 * - A host is this cluster's when its cluster-namespace and cluster-name labels match; it is unclaimed
 *   when it has no cluster-name label and no consumerRef. Hosts of other clusters are never touched.
 * - Hosts already labelled for a role are kept first; they count toward active + standby and their
 *   topology values are taken. A kept host stays even if it no longer matches the selector or has
 *   lost its Secrets: it may already be provisioned, so only lowering the count lets it go.
 * - Unclaimed hosts are walked in namespace/name order, from the spread position on and round. Only
 *   free ones (whyNotFree in schemas/host-free.ts: BMO reports `available` and nothing holds them
 *   back) are candidates. With a topologyKey a host must carry that label
 *   (upstream accepted hosts without it, defeating the anti-affinity) and its value must be unused
 *   by the role. Hosts without spec.networkData are skipped, then `unusable` has the last word.
 * - If any role cannot reach its count, nothing new is labelled for any role: a half-scheduled
 *   cluster is worse than a waiting one. Releases still happen.
 * - Surplus hosts are released so that one host per topology value stays where possible: kept hosts
 *   are ranked with the first host of each topology value (in stable order) ahead of duplicates and
 *   hosts without the label, and everything past `wanted` in that ranking is released.
 */
export function scheduleHosts(input: ScheduleInput): HostSchedule {
  const pool = input.hosts;
  const ours = pool.labelledFor(input.namespace, input.name);
  const start = input.spreadBy === undefined ? 0 : startingPoint(input.spreadBy, pool.size);
  const nodes = input.nodes ?? {};
  const claimed = new Map<string, SipRole>();
  const explain = input.explain ?? false;

  const roles: RoleSchedule[] = [];
  for (const role of SIP_ROLES) {
    const nodeSet = nodes[role];
    if (!nodeSet) continue;
    const labelled = ours.filter((host) => host.metadata.labels?.[SIP_NODE_TYPE_LABEL] === role);
    const unusable = input.unusable;
    const schedule = scheduleRole(role, nodeSet, labelled, walkFrom(pool, start, explain), {
      claimed,
      unusable: unusable && ((host) => unusable(host, role)),
      exhaustive: explain || (input.exhaustive ?? false),
      explain,
      ours: (host) => belongsTo(host, input.namespace, input.name),
    });
    for (const host of schedule.selected) claimed.set(hostKey(host), role);
    roles.push(schedule);
  }

  const wantedRoles = new Set<string>(roles.map((schedule) => schedule.role));
  const strays = ours.filter((host) => !wantedRoles.has(host.metadata.labels?.[SIP_NODE_TYPE_LABEL] ?? ''));

  const complete = roles.every((schedule) => schedule.shortfall === 0);
  if (!complete) for (const schedule of roles) schedule.selected = [];
  return { roles, strays, complete };
}

/** Unclaimed hosts (every host when `all`) in stable order from position `start`, once round. */
function* walkFrom(pool: HostPool, start: number, all: boolean): Generator<BareMetalHost> {
  for (let step = 0; step < pool.size; step++) {
    const host = pool.at((start + step) % pool.size);
    if (all || isUnclaimed(host)) yield host;
  }
}

interface RoleWalk {
  /** Host key → the earlier role of this cluster that selected it. */
  claimed: ReadonlyMap<string, SipRole>;
  unusable: RoleRules['unusable'];
  exhaustive: boolean;
  explain: boolean;
  /** Whether a host is labelled for this cluster. */
  ours: (host: BareMetalHost) => boolean;
}

/** The steps whose hosts the Ready condition lists as skipped. */
const SKIPPED_STEPS: ReadonlySet<ExclusionStep> = new Set(['no-topology', 'usable']);
/** The steps that leave a host out before it counts as matching the selector. */
const UNMATCHED_STEPS: ReadonlySet<ExclusionStep> = new Set(['claimed', 'role', 'selector']);

function scheduleRole(
  role: SipRole,
  nodeSet: SIPClusterNodeSet,
  labelled: BareMetalHost[],
  walked: Iterable<BareMetalHost>,
  walk: RoleWalk,
): RoleSchedule {
  const { labelSelector, topologyKey } = nodeSet;
  const wanted = Math.max(0, nodeSet.count?.active ?? 0) + Math.max(0, nodeSet.count?.standby ?? 0);
  const topologyOf = (host: BareMetalHost) => (topologyKey ? host.metadata.labels?.[topologyKey] : undefined);

  const ranked = rankForKeeping(labelled, topologyKey);
  const kept = sortedHosts(ranked.slice(0, wanted));
  const released = sortedHosts(ranked.slice(wanted));

  const taken = new Map<string, string>();
  for (const host of kept) {
    const value = topologyOf(host);
    if (value !== undefined && !taken.has(value)) taken.set(value, hostKey(host));
  }

  const eligible: BareMetalHost[] = [];
  const skipped: SkippedHost[] = [];
  const candidates: Record<string, number> = {};
  const verdicts: HostVerdict[] = walk.explain ? kept.map((host) => ({ host, take: 'kept' as const })) : [];
  const keptKeys = new Set(kept.map(hostKey));
  const releasedKeys = new Set(released.map(hostKey));
  let matching = 0;
  const rules: RoleRules = {
    mismatch: labelSelectorMismatch(labelSelector),
    topologyKey,
    unusable: walk.unusable,
  };
  const state = { claimed: walk.claimed, taken };
  // A role that already holds what it wants looks at no free host: before, it read the Secrets of
  // every free host up to the first eligible one, which it then did not take.
  const hosts = walked[Symbol.iterator]();
  while (walk.exhaustive || kept.length + eligible.length < wanted) {
    const next = hosts.next();
    if (next.done) break;
    const host = next.value;
    const key = hostKey(host);
    if (keptKeys.has(key)) continue;
    const exclusion = walk.ours(host)
      ? ownExclusion(host, releasedKeys.has(key))
      : (claimExclusion(host) ?? excludedBy(host, rules, state));
    if (exclusion === undefined) {
      eligible.push(host);
      const value = topologyOf(host);
      if (value !== undefined) taken.set(value, key);
    } else {
      if (walk.explain) verdicts.push({ host, exclusion });
      if (SKIPPED_STEPS.has(exclusion.step)) skipped.push({ host, reason: exclusion.reason });
    }
    if (exclusion !== undefined && UNMATCHED_STEPS.has(exclusion.step)) continue;
    matching++;
    const availability = exclusion?.step === 'availability' ? exclusion.reason : SCHEDULABLE;
    candidates[availability] = (candidates[availability] ?? 0) + 1;
  }

  const need = wanted - kept.length;
  if (walk.explain) {
    eligible.forEach((host, index) => {
      verdicts.push(index < need ? { host, take: 'new' } : { host, exclusion: SURPLUS });
    });
  }
  const schedulable = kept.length + eligible.length;
  const selectorText = describeLabelSelector(labelSelector);
  return {
    role,
    wanted,
    rule: topologyKey ? `${selectorText}, one per ${topologyKey}` : selectorText,
    selectorProblem: labelSelectorProblem(labelSelector),
    kept,
    selected: eligible.slice(0, Math.max(0, need)),
    released,
    matching,
    candidates,
    schedulable,
    shortfall: Math.max(0, wanted - schedulable),
    skipped,
    verdicts,
  };
}

/**
 * Kept hosts in the order they should stay: the first host of each topology value, then duplicates
 * and hosts without the topology label, each group in stable order. Without a topologyKey this is
 * just the stable order, so the last hosts are released first.
 */
function rankForKeeping(labelled: BareMetalHost[], topologyKey: string | undefined): BareMetalHost[] {
  if (!topologyKey) return labelled;
  const seen = new Set<string>();
  const firsts: BareMetalHost[] = [];
  const others: BareMetalHost[] = [];
  for (const host of labelled) {
    const value = host.metadata.labels?.[topologyKey];
    if (value === undefined || seen.has(value)) {
      others.push(host);
    } else {
      seen.add(value);
      firsts.push(host);
    }
  }
  return [...firsts, ...others];
}
