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
import {
  SIP_CLUSTER_NAME_LABEL,
  SIP_CLUSTER_NAMESPACE_LABEL,
  SIP_NODE_TYPE_LABEL,
} from '../../schemas/host-labels';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { SIPCluster, SIPClusterCondition, SIPClusterSpec } from '../../types/crds/sip-cluster';
import { hostProblem, readHostFacts, type HostFacts } from './host-facts';
import { previousReady, SIP_READY_REASONS, sipReadyCondition, truncate } from './ready-condition';
import { deploymentProgress } from '../common/deployment-progress';
import { jumpHostBmcMode } from './jump-host-bmc-mode';
import { renderJumpHost } from './render-jump-host';
import { renderControlPlaneLoadBalancer, renderWorkerLoadBalancer } from './render-load-balancer';
import type { RenderedService, SipOwnedObject } from './rendered-service';
import type { HostPool } from './host-pool';
import { scheduleHosts } from './schedule-hosts';
import type { SecretLookup, SecretPending } from '../common/secret-data';
import { addressesOn, toServiceHosts, type ClusterMember, type ServiceHost } from './service-hosts';
import { instanceNameProblem, jumpHostInstance, loadBalancerInstance, type SipRole } from './sip-names';
import { compareStrings, hostKey, sortedHosts } from './stable-order';
import { count, judge } from './sip-ready-verdict';

export {
  SIP_READY_REASONS,
  sipReadyCondition,
  type ReadyVerdict,
  type SipReadyReason,
} from './ready-condition';
export type { SipOwnedObject } from './rendered-service';
export type { SipRole } from './sip-names';
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

/** New labels for one host; a null value removes the label. */
export interface HostLabelChange {
  namespace: string;
  name: string;
  /** The resourceVersion the plan was made from, for an optimistic-concurrency patch. */
  resourceVersion: string;
  labels: Record<string, string | null>;
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

/** Events carry at most 1 KiB of note in events.k8s.io/v1. */
const MAX_EVENT_NOTE = 1024;

/**
 * Plans one reconcile of a SIPCluster that is not being deleted. Deterministic: the same observed
 * state gives byte-identical output whatever order hosts arrive in; `now` is used only as the
 * lastTransitionTime of a Ready condition whose status flips.
 */
export function planSipCluster(observed: SipObserved, now: Date): SipPlan {
  const { cluster } = observed;
  const namespace = cluster.metadata.namespace ?? '';
  const name = cluster.metadata.name ?? '';
  const services = cluster.spec.services as SIPClusterSpec['services'] | undefined;
  const controlPlaneBalancers = services?.loadBalancerControlPlane ?? [];
  const workerBalancers = services?.loadBalancerWorker ?? [];
  const jumpHosts = services?.jumpHost ?? [];

  // The networks each role's hosts must have an address on: its own load balancers' and the jump
  // hosts' (which list every host).
  const networksFor: Record<SipRole, string[]> = {
    ControlPlane: networkIds([...controlPlaneBalancers, ...jumpHosts]),
    Worker: networkIds([...workerBalancers, ...jumpHosts]),
  };
  const factsByHost = new Map<string, HostFacts>();
  const factsOf = (host: BareMetalHost): HostFacts => {
    const key = hostKey(host);
    let facts = factsByHost.get(key);
    if (!facts) {
      facts = readHostFacts(host, observed.secret, observed.secretPending);
      factsByHost.set(key, facts);
    }
    return facts;
  };

  const schedule = scheduleHosts({
    nodes: cluster.spec.nodes,
    namespace,
    name,
    hosts: observed.hosts,
    unusable: (host, role) => hostProblem(factsOf(host), networksFor[role]),
    spreadBy: `${namespace}/${name}`,
  });

  const members: ClusterMember[] = schedule.roles.flatMap(({ role, kept, selected }) =>
    sortedHosts([...kept, ...selected]).map((host) => ({ host, role })),
  );
  // Only kept hosts can have problems here (new ones were checked before being chosen); they stay,
  // are left out of the services that lack their data, and keep the cluster from being Ready.
  const hostProblems: string[] = [];
  for (const { host, role } of members) {
    const problem = hostProblem(factsOf(host), networksFor[role]);
    if (problem !== undefined) hostProblems.push(`host ${hostKey(host)}: ${problem}`);
  }
  const serviceProblems: string[] = [];

  // Services are rendered for the hosts the cluster holds after this plan, also when it is
  // Unschedulable: running load balancers keep serving the hosts already labelled, and an owned
  // object missing from the plan would be deleted as a leftover.
  const hosts = toServiceHosts(members, factsOf);
  const rendered: RenderedService[] = [];
  const render = (
    instance: string,
    networkId: string | undefined,
    build: (networkId: string) => RenderedService,
  ) => {
    const problem = instanceNameProblem(instance) ?? (networkId ? undefined : 'nodeInterfaceId is not set');
    if (problem !== undefined) serviceProblems.push(`${instance}: ${problem}`);
    else if (networkId) rendered.push(build(networkId));
  };
  controlPlaneBalancers.forEach((entry, index) => {
    render(loadBalancerInstance('ControlPlane', name, index), entry.nodeInterfaceId, (networkId) =>
      renderControlPlaneLoadBalancer(
        cluster,
        index,
        entry,
        addressesOn(ofRole(hosts, 'ControlPlane'), networkId),
      ),
    );
  });
  workerBalancers.forEach((entry, index) => {
    render(loadBalancerInstance('Worker', name, index), entry.nodeInterfaceId, (networkId) =>
      renderWorkerLoadBalancer(cluster, index, entry, addressesOn(ofRole(hosts, 'Worker'), networkId)),
    );
  });
  const bmcMode = jumpHostBmcMode(cluster);
  jumpHosts.forEach((entry, index) => {
    const instance = jumpHostInstance(name, index);
    if (!bmcMode.ok) {
      serviceProblems.push(`${instance}: ${bmcMode.error}`);
      return;
    }
    // Without the key Secret the ssh_config cannot be written and the pod could not mount it.
    // The reconcile runs again when that Secret appears.
    const keys = observed.secret(namespace, entry.nodeSSHPrivateKeys);
    if (!keys) {
      serviceProblems.push(
        `${instance}: Secret ${namespace}/${entry.nodeSSHPrivateKeys} (nodeSSHPrivateKeys) not found`,
      );
      return;
    }
    render(instance, entry.nodeInterfaceId, (networkId) =>
      renderJumpHost({
        cluster,
        index,
        entry,
        addresses: addressesOn(hosts, networkId),
        bmcs: hosts.flatMap(({ name: hostName, bmc }) => (bmc ? [{ name: hostName, bmc }] : [])),
        bmcMode: bmcMode.value,
        privateKeyNames: Object.keys(keys.data ?? {}).sort(compareStrings),
      }),
    );
  });

  const selected = schedule.roles.flatMap(({ role, selected: hostsOfRole }) =>
    withRole(sortedHosts(hostsOfRole), role),
  );
  const released = [
    ...schedule.roles.flatMap(({ role, released: hostsOfRole }) => withRole(hostsOfRole, role)),
    ...schedule.strays.map((host) => ({
      host,
      role: host.metadata.labels?.[SIP_NODE_TYPE_LABEL] ?? 'unknown role',
    })),
  ];
  const hostLabelChanges = [
    ...selected.map(({ host, role }) =>
      labelChange(host, {
        [SIP_CLUSTER_NAMESPACE_LABEL]: namespace,
        [SIP_CLUSTER_NAME_LABEL]: name,
        [SIP_NODE_TYPE_LABEL]: role,
      }),
    ),
    ...released.map(({ host }) => releaseChange(host)),
  ].sort((a, b) => compareStrings(`${a.namespace}/${a.name}`, `${b.namespace}/${b.name}`));

  const verdict = judge(schedule.roles, schedule.complete, [...serviceProblems, ...hostProblems], () => {
    const waiting: string[] = [];
    if (selected.length > 0) waiting.push(`labelling ${count(selected.length, 'host')}`);
    if (released.length > 0) waiting.push(`releasing ${count(released.length, 'host')}`);
    for (const service of rendered) {
      const progress = deploymentProgress(
        service.deployment,
        observed.deployment(namespace, service.instance),
      );
      if (progress !== undefined) waiting.push(`Deployment ${service.instance}: ${progress}`);
    }
    return waiting;
  });
  const condition = sipReadyCondition(cluster, verdict, now);

  const events: PlannedEvent[] = [];
  if (selected.length > 0) {
    events.push(
      event('Normal', 'Scheduled', `Scheduled ${count(selected.length, 'host')}: ${listHosts(selected)}`),
    );
  }
  if (released.length > 0) {
    events.push(
      event('Normal', 'Released', `Released ${count(released.length, 'host')}: ${listHosts(released)}`),
    );
  }
  const previous = previousReady(cluster);
  const changed =
    previous?.status !== condition.status ||
    previous.reason !== condition.reason ||
    previous.message !== condition.message;
  if (changed && condition.status === 'False' && condition.reason !== SIP_READY_REASONS.progressing) {
    events.push(event('Warning', condition.reason, condition.message));
  }
  if (condition.status === 'True' && previous?.status !== 'True') {
    events.push(event('Normal', SIP_READY_REASONS.succeeded, condition.message));
  }

  return {
    hostLabelChanges,
    objects: rendered.flatMap((service) => service.objects),
    pruneOwned: serviceProblems.length === 0,
    status: { conditions: [condition] },
    events,
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

function networkIds(entries: readonly { nodeInterfaceId?: string }[]): string[] {
  const ids = new Set(entries.flatMap(({ nodeInterfaceId }) => (nodeInterfaceId ? [nodeInterfaceId] : [])));
  return [...ids].sort(compareStrings);
}

function ofRole(hosts: readonly ServiceHost[], role: SipRole): ServiceHost[] {
  return hosts.filter((host) => host.role === role);
}

function withRole(hosts: readonly BareMetalHost[], role: SipRole): { host: BareMetalHost; role: string }[] {
  return hosts.map((host) => ({ host, role }));
}

function labelChange(host: BareMetalHost, labels: Record<string, string | null>): HostLabelChange {
  return {
    namespace: host.metadata.namespace ?? '',
    name: host.metadata.name ?? '',
    resourceVersion: host.metadata.resourceVersion ?? '',
    labels,
  };
}

/** Removes those of the three SIP labels the host carries (a merge patch of absent keys is noise). */
function releaseChange(host: BareMetalHost): HostLabelChange {
  const present = host.metadata.labels ?? {};
  const keys = [SIP_CLUSTER_NAMESPACE_LABEL, SIP_CLUSTER_NAME_LABEL, SIP_NODE_TYPE_LABEL];
  return labelChange(
    host,
    Object.fromEntries(keys.filter((key) => Object.hasOwn(present, key)).map((key) => [key, null])),
  );
}

function listHosts(entries: readonly { host: BareMetalHost; role: string }[]): string {
  return entries.map(({ host, role }) => `${hostKey(host)} (${role})`).join(', ');
}

function event(type: PlannedEvent['type'], reason: string, note: string): PlannedEvent {
  return { type, reason, note: truncate(note, MAX_EVENT_NOTE) };
}
