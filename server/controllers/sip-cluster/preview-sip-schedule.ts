import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { SIPClusterSpec } from '../../types/crds/sip-cluster';
import { hostPoolOf } from './host-pool';
import type { ExclusionStep, HostVerdict } from './host-verdict';
import { scheduleHosts, type RoleSchedule } from './schedule-hosts';
import type { SipRole } from './sip-names';
import { compareStrings, hostKey } from './stable-order';

/** How many hosts a group names; the rest are counted (a fleet can have 10,000 hosts). */
export const HOSTS_PER_GROUP = 20;
/** How many reasons a role lists, most hosts first; the rest are counted. */
export const GROUPS_PER_ROLE = 30;

export interface PreviewHost {
  namespace: string;
  name: string;
  /** This host's case of its group's reason (the label it lacks, the rack's holder). */
  detail?: string;
}

/** Hosts with one verdict: how many there are, how many the search matches, and the first of those. */
export interface PreviewHostGroup {
  reason: string;
  step: ExclusionStep | 'take';
  count: number;
  matched: number;
  hosts: PreviewHost[];
}

/** Per role, for the console's form and an Unschedulable cluster's page. */
export interface SipRolePreview {
  role: SipRole;
  /** active + standby. */
  wanted: number;
  /** The selector in kubectl syntax, with the anti-affinity rule. */
  rule: string;
  /** Unclaimed hosts matching the role's selector, free or not yet available (whyNotFree). */
  matching: number;
  /** Hosts the role would hold: already labelled ones plus free ones usable under anti-affinity. */
  schedulable: number;
  /** max(0, wanted - schedulable). */
  shortfall: number;
  /** The hosts the role would take (kept, then new). */
  take: PreviewHostGroup;
  /** Every other host, grouped by the scheduler's reason, most hosts first. */
  excluded: PreviewHostGroup[];
  /** Reasons past GROUPS_PER_ROLE: how many and how many hosts they hold. */
  moreGroups: { groups: number; hosts: number };
}

export interface PreviewOptions {
  /** Case-insensitive text a host's namespace/name, reason or detail must contain. */
  search?: string;
  /** Where the cluster's walk starts (the controller spreads by `namespace/name`). */
  spreadBy?: string;
}

/**
 * What scheduling a spec would give right now, host by host: the controller's own scheduler with
 * `explain`, so the reasons are its reasons, except that Secrets are not read (a host with
 * spec.networkData counts as usable). Bounded: every count is whole, the hosts named are not.
 */
export function previewSipSchedule(
  spec: SIPClusterSpec,
  namespace: string,
  name: string,
  hosts: readonly BareMetalHost[],
  options: PreviewOptions = {},
): SipRolePreview[] {
  const schedule = scheduleHosts({
    nodes: spec.nodes,
    namespace,
    name,
    hosts: hostPoolOf(hosts),
    explain: true,
    spreadBy: options.spreadBy ?? `${namespace}/${name}`,
  });
  const search = options.search?.trim().toLowerCase() ?? '';
  return schedule.roles.map((role) => rolePreview(role, search));
}

function rolePreview(role: RoleSchedule, search: string): SipRolePreview {
  const { wanted, rule, matching, schedulable, shortfall } = role;
  const take = new GroupBuilder('would take', 'take');
  const excluded = new Map<string, GroupBuilder>();
  for (const verdict of role.verdicts) {
    const group = verdict.take ? take : groupFor(excluded, verdict);
    group.add(verdict, search);
  }
  const groups = [...excluded.values()]
    .filter((group) => search === '' || group.matched > 0)
    .sort((a, b) => b.count - a.count || compareStrings(a.reason, b.reason));
  const rest = groups.slice(GROUPS_PER_ROLE);
  return {
    role: role.role,
    wanted,
    rule,
    matching,
    schedulable,
    shortfall,
    take: take.build(),
    excluded: groups.slice(0, GROUPS_PER_ROLE).map((group) => group.build()),
    moreGroups: { groups: rest.length, hosts: rest.reduce((sum, group) => sum + group.count, 0) },
  };
}

function groupFor(groups: Map<string, GroupBuilder>, verdict: HostVerdict): GroupBuilder {
  if (verdict.take) throw new Error('a taken host has no exclusion group');
  const { reason, step } = verdict.exclusion;
  let group = groups.get(reason);
  if (!group) {
    group = new GroupBuilder(reason, step);
    groups.set(reason, group);
  }
  return group;
}

class GroupBuilder {
  count = 0;
  matched = 0;
  private readonly hosts: PreviewHost[] = [];

  constructor(
    readonly reason: string,
    private readonly step: PreviewHostGroup['step'],
  ) {}

  add(verdict: HostVerdict, search: string): void {
    this.count++;
    const detail = verdict.take ? undefined : verdict.exclusion.detail;
    const key = hostKey(verdict.host);
    if (
      search !== '' &&
      ![key, this.reason, detail ?? ''].some((text) => text.toLowerCase().includes(search))
    ) {
      return;
    }
    this.matched++;
    // Keep the first HOSTS_PER_GROUP in name order, whatever order the walk met them in.
    const entry = {
      namespace: verdict.host.metadata.namespace ?? '',
      name: verdict.host.metadata.name ?? '',
      ...(detail === undefined ? {} : { detail }),
    };
    const at = this.hosts.findIndex((other) => compareStrings(`${other.namespace}/${other.name}`, key) > 0);
    if (at === -1) {
      if (this.hosts.length < HOSTS_PER_GROUP) this.hosts.push(entry);
    } else {
      this.hosts.splice(at, 0, entry);
      if (this.hosts.length > HOSTS_PER_GROUP) this.hosts.pop();
    }
  }

  build(): PreviewHostGroup {
    return {
      reason: this.reason,
      step: this.step,
      count: this.count,
      matched: this.matched,
      hosts: this.hosts,
    };
  }
}
