import type { ManagerServiceStatus } from '../../types/crds/manager';
import type { ReadyVerdict } from '../common/ready-condition';

export interface ChildState {
  active: boolean;
  /** What the child says of its spec it does not make work (its Ready's Incomplete message), if anything. */
  incomplete?: string;
  /** Its pods, by name: the keys of its status.nodes. */
  nodes?: string[];
  /** The members' pods its pods were last given (status.membersRendered), for the kinds that report it. */
  membersRendered?: string[];
}

/** An entry of the spec and why it holds Ready back. */
export interface NamedReason {
  service: string;
  name: string;
  reason: string;
}

/** An entry of the spec as the Manager found it: its child's state, when the child exists. */
export interface SeenChild {
  service: string;
  name: string;
  state: ChildState | undefined;
}

/**
 * The children that render from members which become active beside or after them, and whose pods
 * they must be given: the ProvisionManager registers the Controls and vRouter nodes with Config, the
 * Webui asks the Controls for DNS.
 */
const RENDERS_FROM: Record<string, string[]> = {
  provisionManager: ['controls', 'vrouters'],
  webui: ['controls'],
};

/** How many missing pods a message names before it only counts them. */
const NAMED_PODS = 3;

/**
 * The active children that have not yet been given every pod of the Manager's Controls and vRouter
 * groups they render from. Their own list may hold more (they read the cluster by its label), never less.
 */
export function renderingBehind(children: SeenChild[]): NamedReason[] {
  return children.flatMap(({ service, name, state }) => {
    const from = RENDERS_FROM[service];
    if (!from || !state?.active) return [];
    const given = new Set(state.membersRendered ?? []);
    const missing = children
      .filter((child) => from.includes(child.service))
      .flatMap((child) => child.state?.nodes ?? [])
      .filter((pod) => !given.has(pod))
      .sort();
    if (missing.length === 0) return [];
    const named = missing.slice(0, NAMED_PODS).join(', ');
    const more = missing.length > NAMED_PODS ? `, and ${missing.length - NAMED_PODS} more` : '';
    return [{ service, name, reason: `not given ${missing.length} pod(s) yet: ${named}${more}` }];
  });
}

/** Ready from the first kind of problem found, its message naming every problem. */
export function readyVerdict(
  statuses: Record<string, ManagerServiceStatus[]>,
  waiting: NamedReason[],
  incomplete: NamedReason[],
  behind: NamedReason[],
  unmanaged: { service: string; name: string }[],
): ReadyVerdict {
  const held = new Set(waiting.map((w) => `${w.service} ${w.name}`));
  const inactive = Object.entries(statuses).flatMap(([service, list]) =>
    list.map((s) => `${service} ${s.name ?? ''}`).filter((name, i) => !list[i]?.active && !held.has(name)),
  );
  // Every service in the spec counts: one Rackpilot does not run is as far from working as one that waits.
  const problems = [
    {
      reason: 'WaitingForDependencies',
      items: waiting.map((w) => `${w.service} ${w.name} waits: ${w.reason}`),
      say: (items: string[]) => items.join('; '),
    },
    {
      reason: 'ServicesNotActive',
      items: inactive,
      say: (items: string[]) => `not active yet: ${items.join(', ')}`,
    },
    {
      reason: 'RenderingBehind',
      items: behind.map((b) => `${b.service} ${b.name} ${b.reason}`),
      say: (items: string[]) => `active but behind its cluster: ${items.join('; ')}`,
    },
    {
      reason: 'ServicesIncomplete',
      items: incomplete.map((i) => `${i.service} ${i.name}: ${i.reason}`),
      say: (items: string[]) => `active but not complete: ${items.join('; ')}`,
    },
    {
      reason: 'ServicesNotManaged',
      items: unmanaged.map((u) => `${u.service} ${u.name}`),
      say: (items: string[]) => `not run by Rackpilot, so never active: ${items.join(', ')}`,
    },
  ].filter((problem) => problem.items.length > 0);
  const [first] = problems;
  if (first) {
    return {
      status: 'False',
      reason: first.reason,
      message: problems.map((problem) => problem.say(problem.items)).join('; '),
    };
  }
  return {
    status: 'True',
    reason: 'AllServicesActive',
    message: 'every service in the spec is active',
  };
}
