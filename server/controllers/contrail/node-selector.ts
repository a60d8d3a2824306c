import type { KubernetesObject, V1Node } from '@kubernetes/client-node';

export type NodeSelector = Readonly<Record<string, string>> | undefined;

/** Kubernetes nodeSelector semantics: every pair must be a label of the node; none selects all. */
export function matchesNodeSelector(selector: NodeSelector, labels: NodeSelector): boolean {
  return Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);
}

/** Index values of one selector: each of its pairs, or the wildcard when it has none. */
export const ANY_NODE = '*';
export function selectorIndexValues(selector: NodeSelector): string[] {
  const pairs = Object.entries(selector ?? {}).map(([key, value]) => `${key}=${value}`);
  return pairs.length > 0 ? pairs : [ANY_NODE];
}

/** The index values a node can be found under: each of its label pairs and the wildcard. */
export function nodeIndexValues(node: KubernetesObject | undefined): string[] {
  if (!node) return [];
  return [ANY_NODE, ...Object.entries(node.metadata?.labels ?? {}).map(([key, value]) => `${key}=${value}`)];
}

export function nodeName(node: V1Node): string {
  return node.metadata?.name ?? '';
}

/** Kubernetes' own hostname label, else the object name: node facts come from the Node, not the pod. */
export function nodeHostname(node: V1Node): string {
  return node.metadata?.labels?.['kubernetes.io/hostname'] ?? nodeName(node);
}

export function nodeInternalIp(node: V1Node): string | undefined {
  return node.status?.addresses?.find((address) => address.type === 'InternalIP')?.address;
}

/** One /etc/hosts entry per node with an InternalIP: its address and hostname, in the nodes' order. */
export function nodeHostAliases(nodes: V1Node[]): { ip: string; hostnames: string[] }[] {
  return nodes.flatMap((node) => {
    const ip = nodeInternalIp(node);
    return ip ? [{ ip, hostnames: [nodeHostname(node)] }] : [];
  });
}
