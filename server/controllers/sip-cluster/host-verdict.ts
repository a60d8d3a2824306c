import { claimOf } from '../../schemas/host-free';
import { SIP_CLUSTER_NAME_LABEL, SIP_NODE_TYPE_LABEL } from '../../schemas/host-labels';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { availabilityOf, SCHEDULABLE } from './host-availability';
import type { SipRole } from './sip-names';
import { hostKey } from './stable-order';

/**
 * The step of the scheduler's test a host failed, in the order the test runs: held by someone
 * (`claimed`), chosen by an earlier role of this cluster (`role`), not matched by the selector, not
 * available now, without the topology label (`no-topology`) or on a value the role already holds
 * (`anti-affinity`), lacking what a service needs (`usable`), or fit but beyond what the role wants
 * (`surplus`). The first three do not count as matching; `no-topology` and `usable` are what the
 * Ready condition names as skipped.
 */
export type ExclusionStep =
  'claimed' | 'role' | 'selector' | 'availability' | 'no-topology' | 'anti-affinity' | 'usable' | 'surplus';

/** Why a role leaves a host out: `reason` is what hosts are grouped and counted by, `detail` this host's case. */
export interface Exclusion {
  step: ExclusionStep;
  reason: string;
  detail?: string;
}

/** One host's verdict for one role: taken (`kept` already labelled, or `new`), or left out and why. */
export type HostVerdict =
  | { host: BareMetalHost; take: 'kept' | 'new' }
  | { host: BareMetalHost; take?: undefined; exclusion: Exclusion };

/** What one role's test needs to know, fixed for the role's whole walk. */
export interface RoleRules {
  /** The label requirement a host's labels fail, or undefined when they match. */
  mismatch: (labels: Readonly<Record<string, string>> | undefined) => string | undefined;
  topologyKey: string | undefined;
  /** Why a host cannot serve the role (Secrets, addresses); absent when they are not read (preview). */
  unusable: ((host: BareMetalHost) => string | undefined) | undefined;
}

/** What the walk has decided so far: hosts chosen by earlier roles, topology values this role holds. */
export interface WalkState {
  /** Host key → the earlier role of this cluster that chose it. */
  claimed: ReadonlyMap<string, SipRole>;
  /** Topology value → key of the host of this role that holds it. */
  taken: ReadonlyMap<string, string>;
}

/**
 * Why an unclaimed host cannot be taken by a role now, or undefined when it can: the scheduler's
 * whole test, used by the controller's walk and, through it, by the console's preview, so both
 * give the same reasons.
 */
export function excludedBy(host: BareMetalHost, rules: RoleRules, state: WalkState): Exclusion | undefined {
  const key = hostKey(host);
  const earlier = state.claimed.get(key);
  if (earlier !== undefined) return { step: 'role', reason: `chosen for ${earlier}` };
  const mismatch = rules.mismatch(host.metadata.labels);
  if (mismatch !== undefined) return { step: 'selector', reason: 'labels do not match', detail: mismatch };
  const available = availabilityOf(host);
  if (available !== SCHEDULABLE) return { step: 'availability', reason: available };
  const { topologyKey } = rules;
  if (topologyKey) {
    const value = host.metadata.labels?.[topologyKey];
    if (value === undefined) return { step: 'no-topology', reason: `no ${topologyKey} label` };
    const holder = state.taken.get(value);
    if (holder !== undefined) {
      return {
        step: 'anti-affinity',
        reason: `${topologyKey} already used (anti-affinity)`,
        detail: `${topologyKey}=${value} is ${holder}'s`,
      };
    }
  }
  const problem = host.spec.networkData?.name ? rules.unusable?.(host) : 'no spec.networkData';
  return problem === undefined ? undefined : { step: 'usable', reason: problem };
}

/**
 * Why a claimed host is out (claimOf in host-free.ts), or undefined when it is unclaimed. Hosts
 * consumed outside SIP are grouped by the consumer's kind, so a fleet of Metal3Machines makes one
 * group, not one per machine.
 */
export function claimExclusion(host: BareMetalHost): Exclusion | undefined {
  const claim = claimOf(host);
  if (claim === undefined) return undefined;
  const consumer =
    host.metadata.labels?.[SIP_CLUSTER_NAME_LABEL] === undefined ? host.spec.consumerRef : undefined;
  return consumer
    ? { step: 'claimed', reason: `consumed by ${consumer.kind ?? 'object'}`, detail: claim }
    : { step: 'claimed', reason: claim };
}

/** Why a host labelled for this cluster is out of a role: another role holds it, or this one released it. */
export function ownExclusion(host: BareMetalHost, released: boolean): Exclusion {
  if (released) return { step: 'claimed', reason: 'released: more hosts than wanted' };
  return {
    step: 'claimed',
    reason: `in this cluster as ${host.metadata.labels?.[SIP_NODE_TYPE_LABEL] ?? '?'}`,
  };
}

/** A host that fits the role when the role already has what it wants (the preview walks every host). */
export const SURPLUS: Exclusion = { step: 'surplus', reason: 'fits, not needed: the role has enough' };
