import { describeLabelSelector } from '../../controllers/sip-cluster';
import { SIP_CLUSTER_NAME_LABEL, SIP_CLUSTER_NAMESPACE_LABEL } from '../../schemas/host-labels';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { SIPCluster } from '../../types/crds/sip-cluster';
import type { ConditionView } from '../hosts/host-detail';
import type { HostRow, IndexedHost } from '../hosts/host-row';
import { sortRows } from '../hosts/host-query';
import { buildClusterRow, countClusterHosts, type ClusterRow } from './cluster-row';

export interface NodeSetView {
  role: string;
  /** kubectl `-l` syntax; empty selects every host. */
  selector: string;
  topologyKey?: string;
  active: number;
  standby: number;
}

export interface ServiceSpecView {
  kind: 'Control-plane load balancer' | 'Worker load balancer' | 'Jump host';
  image: string;
  nodeInterfaceId?: string;
  ports: string;
  /** Jump host: the private-key Secret's name (a reference; never its data) and the key count. */
  privateKeySecret?: string;
  authorizedKeys?: number;
}

export interface ClusterDetailView {
  row: ClusterRow;
  uid: string;
  generation?: number;
  finalizers: string[];
  nodeSets: NodeSetView[];
  services: ServiceSpecView[];
  conditions: ConditionView[];
  /** Hosts carrying this cluster's SIP labels, by role then name. */
  hosts: HostRow[];
}

export type ClusterDetailMessage = { found: true; cluster: ClusterDetailView } | { found: false };

function iso(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const date = new Date(value as string);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function isHostOf(host: BareMetalHost, namespace: string, name: string): boolean {
  const labels = host.metadata.labels;
  return labels?.[SIP_CLUSTER_NAMESPACE_LABEL] === namespace && labels[SIP_CLUSTER_NAME_LABEL] === name;
}

export function buildClusterDetail(
  cluster: SIPCluster,
  hosts: readonly BareMetalHost[],
  indexHost: (host: BareMetalHost) => IndexedHost,
): ClusterDetailView {
  const namespace = cluster.metadata.namespace ?? '';
  const name = cluster.metadata.name ?? '';
  const own = hosts.filter((host) => isHostOf(host, namespace, name));
  const services = cluster.spec.services;
  const ownRows = sortRows(
    own.map((host) => indexHost(host).row),
    'name',
    'asc',
  ).sort((a, b) => (a.role ?? '').localeCompare(b.role ?? ''));
  return {
    row: buildClusterRow(cluster, countClusterHosts(own)),
    uid: cluster.metadata.uid ?? '',
    generation: cluster.metadata.generation,
    finalizers: cluster.metadata.finalizers ?? [],
    nodeSets: Object.entries(cluster.spec.nodes ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([role, nodeSet]) => ({
        role,
        selector: describeLabelSelector(nodeSet.labelSelector),
        topologyKey: nodeSet.topologyKey,
        active: nodeSet.count?.active ?? 0,
        standby: nodeSet.count?.standby ?? 0,
      })),
    services: [
      ...(services.loadBalancerControlPlane ?? []).map((service): ServiceSpecView => ({
        kind: 'Control-plane load balancer',
        image: service.image,
        nodeInterfaceId: service.nodeInterfaceId,
        ports: `nodePort ${service.nodePort} → 6443`,
      })),
      ...(services.loadBalancerWorker ?? []).map((service): ServiceSpecView => ({
        kind: 'Worker load balancer',
        image: service.image,
        nodeInterfaceId: service.nodeInterfaceId,
        ports: `nodePorts ${service.nodePortRange.start}–${service.nodePortRange.end}`,
      })),
      ...(services.jumpHost ?? []).map((service): ServiceSpecView => ({
        kind: 'Jump host',
        image: service.image,
        nodeInterfaceId: service.nodeInterfaceId,
        ports: `nodePort ${service.nodePort} → 22 (ssh)`,
        privateKeySecret: service.nodeSSHPrivateKeys,
        authorizedKeys: service.sshAuthorizedKeys?.length ?? 0,
      })),
    ],
    conditions: (cluster.status?.conditions ?? []).map((condition) => ({
      type: condition.type,
      status: condition.status,
      reason: condition.reason,
      message: condition.message,
      lastTransitionTime: iso(condition.lastTransitionTime),
    })),
    hosts: ownRows,
  };
}
