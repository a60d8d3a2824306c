import {
  SIP_CLUSTER_NAME_LABEL,
  SIP_CLUSTER_NAMESPACE_LABEL,
  SIP_NODE_TYPE_LABEL,
} from '../../schemas/host-labels';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { SIPCluster, SIPClusterSpec } from '../../types/crds/sip-cluster';
import { isoTime } from '../iso-time';
import { readyView, type ReadyView } from '../ready-view';

export type { ReadyView };

export interface ClusterRoleView {
  role: string;
  active: number;
  standby: number;
  /** active + standby. */
  wanted: number;
  /** Hosts carrying this cluster's SIP labels with this node-type. */
  found: number;
}

export interface PortRange {
  start: number;
  end: number;
}

export interface EndpointsView {
  controlPlane: number[];
  worker: PortRange[];
  jumpHost: number[];
}

/** One line of the clusters table. */
export interface ClusterRow {
  key: string;
  namespace: string;
  name: string;
  resourceVersion: string;
  ready: ReadyView;
  roles: ClusterRoleView[];
  wanted: number;
  found: number;
  endpoints: EndpointsView;
  createdAt?: string;
  deleting: boolean;
}

type RoleCounts = Map<string, number>;

/** Labelled hosts per cluster (`namespace/name`) and node-type, counted once per snapshot. */
export function countClusterHosts(hosts: readonly BareMetalHost[]): Map<string, RoleCounts> {
  const byCluster = new Map<string, RoleCounts>();
  for (const host of hosts) {
    const labels = host.metadata.labels;
    const name = labels?.[SIP_CLUSTER_NAME_LABEL];
    if (!name) continue;
    const key = `${labels[SIP_CLUSTER_NAMESPACE_LABEL] ?? ''}/${name}`;
    const role = labels[SIP_NODE_TYPE_LABEL] ?? '';
    const counts = byCluster.get(key) ?? new Map<string, number>();
    counts.set(role, (counts.get(role) ?? 0) + 1);
    byCluster.set(key, counts);
  }
  return byCluster;
}

export function readyOf(cluster: SIPCluster): ReadyView {
  return readyView(cluster, 'The SIPCluster controller has not written a Ready condition yet');
}

const ROLE_ORDER = ['ControlPlane', 'Worker'];

export function endpointsOf(spec: SIPClusterSpec | undefined): EndpointsView {
  const services = spec?.services;
  return {
    controlPlane: (services?.loadBalancerControlPlane ?? []).map((service) => service.nodePort),
    worker: (services?.loadBalancerWorker ?? []).map((service) => ({
      start: service.nodePortRange.start,
      end: service.nodePortRange.end,
    })),
    jumpHost: (services?.jumpHost ?? []).map((service) => service.nodePort),
  };
}

export function buildClusterRow(cluster: SIPCluster, hostCounts: Map<string, RoleCounts>): ClusterRow {
  const { name = '', namespace = '', resourceVersion = '' } = cluster.metadata;
  const key = `${namespace}/${name}`;
  const counts = hostCounts.get(key) ?? new Map<string, number>();
  const nodes = cluster.spec.nodes ?? {};
  const roleNames = [...new Set([...Object.keys(nodes), ...counts.keys()])].sort(
    (a, b) => (ROLE_ORDER.indexOf(a) + 1 || 99) - (ROLE_ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b),
  );
  const roles = roleNames.map((role) => {
    const active = nodes[role]?.count?.active ?? 0;
    const standby = nodes[role]?.count?.standby ?? 0;
    return { role, active, standby, wanted: active + standby, found: counts.get(role) ?? 0 };
  });
  return {
    key,
    namespace,
    name,
    resourceVersion,
    ready: readyOf(cluster),
    roles,
    wanted: roles.reduce((sum, role) => sum + role.wanted, 0),
    found: roles.reduce((sum, role) => sum + role.found, 0),
    endpoints: endpointsOf(cluster.spec),
    createdAt: isoTime(cluster.metadata.creationTimestamp),
    deleting: Boolean(cluster.metadata.deletionTimestamp),
  };
}
