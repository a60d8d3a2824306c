import type { V1Node, V1Pod } from '@kubernetes/client-node';
import {
  CLUSTER_LABEL,
  configMapName,
  SERVICE_POD_INDEX,
  VF_CAPACITY_LABEL,
} from '../../controllers/contrail';
import type { InformerSet } from '../../kube/informer-set';
import type { Vrouter, VrouterProfile } from '../../types/crds/vrouter';
import { isoTime } from '../iso-time';
import { readyView, type ReadyView } from '../ready-view';
import { configMapResource, nodeResource, podResource } from '../../kube/resource';

/** One line of the vRouter groups table. */
export interface GroupRow {
  key: string;
  namespace: string;
  name: string;
  /** The Manager it came from (its contrail_cluster label); none for a Vrouter made by hand. */
  manager?: string;
  resourceVersion: string;
  ready: ReadyView;
  profiles: string[];
  selector: Record<string, string>;
  upgradeStrategy: 'rolling' | 'deleteFirst';
  /** Nodes the selector matches (conflicts included) and nodes with a ready agent. */
  nodes: { matched: number; ready: number };
  /** The DaemonSet: agents wanted, ready, and on the current template (upgrade progress). */
  agents: { desired: number; ready: number; updated: number };
  conflicts: { node: string; groups: string[] }[];
  excluded: { node: string; reason: string }[];
  createdAt?: string;
  deleting: boolean;
}

export function buildGroupRow(vrouter: Vrouter): GroupRow {
  const { name = '', namespace = '', resourceVersion = '' } = vrouter.metadata;
  const status = vrouter.status ?? {};
  const configuration = vrouter.spec.serviceConfiguration;
  return {
    key: `${namespace}/${name}`,
    namespace,
    name,
    manager: vrouter.metadata.labels?.[CLUSTER_LABEL],
    resourceVersion,
    ready: readyView(
      vrouter as never,
      'The vRouter controller has not written a Ready condition for this group yet',
    ),
    profiles: (configuration.profiles ?? []).map((profile) => profile.name),
    selector: vrouter.spec.commonConfiguration?.nodeSelector ?? {},
    upgradeStrategy: configuration.upgradeStrategy === 'deleteFirst' ? 'deleteFirst' : 'rolling',
    nodes: { matched: status.matchedNodes?.length ?? 0, ready: status.readyNodes ?? 0 },
    agents: {
      desired: status.desiredNodes ?? 0,
      ready: status.readyNodes ?? 0,
      updated: status.updatedNodes ?? 0,
    },
    conflicts: status.conflicts ?? [],
    excluded: status.excludedNodes ?? [],
    createdAt: isoTime(vrouter.metadata.creationTimestamp),
    deleting: Boolean(vrouter.metadata.deletionTimestamp),
  };
}

/** A node the group's selector matches, and what became of it. */
export interface GroupNodeView {
  name: string;
  /** The node's own Ready condition. */
  nodeReady: boolean;
  /** Its SR-IOV VF capacity label, if it has one. */
  vfCapacity?: number;
  /** The agent pod on it, if one runs there. */
  pod?: string;
  agentReady: boolean;
  /** Other groups that select it: neither runs there. */
  conflictWith: string[];
  /** Why the group leaves it out otherwise (e.g. too few VFs). */
  excluded?: string;
}

export interface GroupPodView {
  name: string;
  node?: string;
  ip?: string;
  phase: string;
  ready: boolean;
  restarts: number;
  createdAt?: string;
}

export interface GroupDetailView {
  row: GroupRow;
  uid: string;
  generation?: number;
  gateway?: string;
  tolerations: string[];
  profiles: VrouterProfile[];
  nodes: GroupNodeView[];
  pods: GroupPodView[];
  /** The agent ConfigMap's keys (`vrouter.<podIP>`), one per running pod. */
  configKeys: string[];
}

export function podReady(pod: V1Pod): boolean {
  return pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

function nodeReady(node: V1Node | undefined): boolean {
  return node?.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

export function podView(pod: V1Pod): GroupPodView {
  return {
    name: pod.metadata?.name ?? '',
    node: pod.spec?.nodeName,
    ip: pod.status?.podIP,
    phase: pod.status?.phase ?? 'Pending',
    ready: podReady(pod),
    restarts: (pod.status?.containerStatuses ?? []).reduce((sum, c) => sum + c.restartCount, 0),
    createdAt: isoTime(pod.metadata?.creationTimestamp),
  };
}

export function tolerationText(t: { key?: string; operator?: string; value?: string; effect?: string }) {
  const what = t.operator === 'Exists' || !t.operator ? `${t.key || '*'} exists` : `${t.key}=${t.value}`;
  return `${what}${t.effect ? ` (${t.effect})` : ' (any effect)'}`;
}

/** The ConfigMap data keys of a Contrail service (never the Secret's). */
export function configKeys(informers: InformerSet, namespace: string, name: string): string[] {
  const configMap = informers.of(configMapResource).get(name, namespace);
  return Object.keys(configMap?.data ?? {}).sort();
}

export function groupPods(informers: InformerSet, namespace: string, name: string): V1Pod[] {
  return informers
    .of(podResource)
    .byIndex(SERVICE_POD_INDEX, `${namespace}/vrouter/${name}`)
    .sort((a, b) => (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? ''));
}

/** Each node the selector matches: its own readiness and VFs, the agent on it, why none runs there. */
export function groupNodeViews(
  row: GroupRow,
  matched: string[],
  nodeOf: (name: string) => V1Node | undefined,
  pods: V1Pod[],
): GroupNodeView[] {
  const podOn = new Map(pods.flatMap((pod) => (pod.spec?.nodeName ? [[pod.spec.nodeName, pod]] : [])));
  return matched.map((name) => {
    const node = nodeOf(name);
    const capacity = node?.metadata?.labels?.[VF_CAPACITY_LABEL];
    const pod = podOn.get(name);
    return {
      name,
      nodeReady: nodeReady(node),
      ...(capacity !== undefined ? { vfCapacity: Number(capacity) } : {}),
      pod: pod?.metadata?.name,
      agentReady: pod ? podReady(pod) : false,
      conflictWith: row.conflicts.find((c) => c.node === name)?.groups ?? [],
      excluded: row.excluded.find((e) => e.node === name)?.reason,
    };
  });
}

export function buildGroupDetail(vrouter: Vrouter, informers: InformerSet): GroupDetailView {
  const row = buildGroupRow(vrouter);
  const pods = groupPods(informers, row.namespace, row.name);
  const nodes = informers.of(nodeResource);
  return {
    row,
    uid: vrouter.metadata.uid ?? '',
    generation: vrouter.metadata.generation,
    gateway: vrouter.spec.serviceConfiguration.gateway,
    tolerations: (vrouter.spec.commonConfiguration?.tolerations ?? []).map(tolerationText),
    profiles: vrouter.spec.serviceConfiguration.profiles ?? [],
    nodes: groupNodeViews(row, vrouter.status?.matchedNodes ?? [], (name) => nodes.get(name), pods),
    pods: pods.map(podView),
    configKeys: configKeys(informers, row.namespace, configMapName('vrouter', row.name)),
  };
}
