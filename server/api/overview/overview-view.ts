import type { KubernetesObject, V1Node } from '@kubernetes/client-node';

export interface KindCount {
  kind: string;
  group: string;
  count: number;
}

export interface OverviewView {
  serverVersion: string;
  nodes: { total: number; ready: number };
  kinds: KindCount[];
}

export function isNodeReady(node: V1Node): boolean {
  return node.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

/** The overview page's data: small, so it can be re-sent whole on every change. */
export function buildOverview(
  serverVersion: string,
  nodes: V1Node[],
  resources: { kind: string; group: string; objects: KubernetesObject[] }[],
): OverviewView {
  return {
    serverVersion,
    nodes: { total: nodes.length, ready: nodes.filter(isNodeReady).length },
    kinds: resources
      .map(({ kind, group, objects }) => ({ kind, group, count: objects.length }))
      .sort((a, b) => a.group.localeCompare(b.group) || a.kind.localeCompare(b.kind)),
  };
}
