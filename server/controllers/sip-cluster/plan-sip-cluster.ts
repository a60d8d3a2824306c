/**
 * The SIPCluster planner: observed state in, desired state out, no I/O. The reconcile reads the
 * informer caches into a SipObserved, calls planSipCluster, then applies the plan:
 *
 * 1. patch each host in `hostLabelChanges` (merge patch guarded by its resourceVersion; null removes);
 * 2. server-side apply every object in `objects`; when `pruneOwned` is true, delete objects carrying
 *    the owner label `rackpilot.io/sip-cluster=<name>` that are not in `objects`;
 * 3. write `status.conditions` if it differs from the stored status (it is stable: same input, same
 *    output, so comparing is enough);
 * 4. record `events`.
 *
 * On deletion it calls planSipClusterRelease and patches those hosts; owned objects go with the
 * SIPCluster through their ownerReferences. Write failures are the reconcile's to report, with
 * sipReadyCondition and the UnableToApplyLabels / UnableToDecommission reasons.
 */
import type { PlannedEvent } from '../../kube/reconcile-steps';
import type { V1Deployment } from '@kubernetes/client-node';
import type { SIPCluster, SIPClusterCondition } from '../../types/crds/sip-cluster';
import type { SecretLookup, SecretPending } from '../common/secret-data';
import { deploymentProgress } from '../common/deployment-progress';
import { hostProblem } from './host-facts';
import {
  hostLabelChanges,
  hostMoves,
  releaseChange,
  type HostLabelChange,
  type HostMoves,
} from './host-moves';
import type { HostPool } from './host-pool';
import { sipReadyCondition } from './ready-condition';
import { renderSipServices, type SipServices } from './render-sip-services';
import { scheduleHosts, type HostSchedule } from './schedule-hosts';
import type { ClusterMember } from './service-hosts';
import type { SipOwnedObject } from './rendered-service';
import { sipPlanEvents } from './sip-plan-events';
import { sipPlanScope, type SipPlanScope } from './sip-plan-scope';
import { count, judge } from './sip-ready-verdict';
import { hostKey, sortedHosts } from './stable-order';

export {
  SIP_READY_REASONS,
  sipReadyCondition,
  type ReadyVerdict,
  type SipReadyReason,
} from './ready-condition';
export type { SipOwnedObject } from './rendered-service';
export type { SipRole } from './sip-names';
export type { HostLabelChange } from './host-moves';
export { SIP_CLUSTER_OWNER_LABEL, SIP_ROLES } from './sip-names';

/** Everything the planner reads, from the informer caches. */
export interface SipObserved {
  /** The SIPCluster: metadata (namespace, name, uid, generation), spec and the stored status. */
  cluster: SIPCluster;
  /** Every BareMetalHost the controller may consider. */
  hosts: HostPool;
  /** A Secret from the cache (data base64, as the API serves it); undefined when absent. */
  secret: SecretLookup;
  /** Whether a Secret's value is still to be read (see planWithSecrets); absent: every value is read. */
  secretPending?: SecretPending;
  /** An owned Deployment from the cache; undefined when absent. */
  deployment(namespace: string, name: string): V1Deployment | undefined;
}

export interface SipPlan {
  /** Only hosts whose labels change, sorted by namespace/name; empty when nothing changes. */
  hostLabelChanges: HostLabelChange[];
  /**
   * Every desired owned object, complete (apiVersion, kind, metadata with labels and a controller
   * ownerReference), in a fixed order: per service configuration, Service, then Deployment;
   * control-plane load balancers, worker load balancers, jump hosts.
   */
  objects: SipOwnedObject[];
  /**
   * False when some service could not be rendered (InfraServiceFailure): its objects are missing
   * from `objects` and existing ones must be kept, not deleted as leftovers.
   */
  pruneOwned: boolean;
  /** The whole status to store: the single Ready condition. */
  status: { conditions: SIPClusterCondition[] };
  /** Events worth telling: hosts scheduled or released, a new failure, becoming ready. */
  events: PlannedEvent[];
}

/**
 * Plans one reconcile of a SIPCluster that is not being deleted. Deterministic: the same observed
 * state gives byte-identical output whatever order hosts arrive in; `now` is used only as the
 * lastTransitionTime of a Ready condition whose status flips.
 */
export function planSipCluster(observed: SipObserved, now: Date): SipPlan {
  const scope = sipPlanScope(observed);
  const schedule = scheduleHosts({
    nodes: scope.cluster.spec.nodes,
    namespace: scope.namespace,
    name: scope.name,
    hosts: observed.hosts,
    unusable: (host, role) => hostProblem(scope.factsOf(host), scope.networksFor[role]),
    spreadBy: `${scope.namespace}/${scope.name}`,
  });
  const members = membersAfter(schedule);
  const hostProblems = keptHostProblems(scope, members);
  const services = renderSipServices(scope, members);
  const moves = hostMoves(schedule);
  const condition = judgeReady(observed, scope, { schedule, hostProblems, services, moves }, now);
  return {
    hostLabelChanges: hostLabelChanges(scope, moves),
    objects: services.rendered.flatMap((service) => service.objects),
    pruneOwned: services.problems.length === 0,
    status: { conditions: [condition] },
    events: sipPlanEvents(scope.cluster, moves, condition),
  };
}

/**
 * Deletion: every host labelled for this SIPCluster (namespace and name labels both match) loses
 * the three SIP labels, whatever its node-type. Sorted by namespace/name.
 */
export function planSipClusterRelease(observed: Pick<SipObserved, 'cluster' | 'hosts'>): HostLabelChange[] {
  const namespace = observed.cluster.metadata.namespace ?? '';
  const name = observed.cluster.metadata.name ?? '';
  return observed.hosts.labelledFor(namespace, name).map(releaseChange);
}

/** The hosts the cluster holds after this plan: kept and newly selected, by role. */
function membersAfter(schedule: HostSchedule): ClusterMember[] {
  return schedule.roles.flatMap(({ role, kept, selected }) =>
    sortedHosts([...kept, ...selected]).map((host) => ({ host, role })),
  );
}

/**
 * Only kept hosts can have problems here (new ones were checked before being chosen); they stay,
 * are left out of the services that lack their data, and keep the cluster from being Ready.
 */
function keptHostProblems(scope: SipPlanScope, members: readonly ClusterMember[]): string[] {
  const problems: string[] = [];
  for (const { host, role } of members) {
    const problem = hostProblem(scope.factsOf(host), scope.networksFor[role]);
    if (problem !== undefined) problems.push(`host ${hostKey(host)}: ${problem}`);
  }
  return problems;
}

/** The single Ready condition: the verdict on the schedule, the services and what is still converging. */
function judgeReady(
  observed: SipObserved,
  scope: SipPlanScope,
  plan: { schedule: HostSchedule; hostProblems: string[]; services: SipServices; moves: HostMoves },
  now: Date,
): SIPClusterCondition {
  const { schedule, services, moves } = plan;
  const problems = [...services.problems, ...plan.hostProblems];
  const verdict = judge(schedule.roles, schedule.complete, problems, () => {
    const waiting: string[] = [];
    if (moves.selected.length > 0) waiting.push(`labelling ${count(moves.selected.length, 'host')}`);
    if (moves.released.length > 0) waiting.push(`releasing ${count(moves.released.length, 'host')}`);
    for (const service of services.rendered) {
      const progress = deploymentProgress(
        service.deployment,
        observed.deployment(scope.namespace, service.instance),
      );
      if (progress !== undefined) waiting.push(`Deployment ${service.instance}: ${progress}`);
    }
    return waiting;
  });
  return sipReadyCondition(scope.cluster, verdict, now);
}
