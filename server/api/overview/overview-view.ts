import type { KubernetesObject, V1Node } from '@kubernetes/client-node';
import { whyNotFree } from '../../schemas/host-free';
import { flavorOf, rackOf } from '../../schemas/host-labels';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { WallItem, WallView } from '../wall/wall-view';

export interface KindCount {
  kind: string;
  group: string;
  count: number;
}

export interface FreeHosts {
  rack: string;
  flavor: string;
  count: number;
}

export interface OverviewView {
  serverVersion: string;
  nodes: { total: number; ready: number };
  kinds: KindCount[];
  /** What needs a person: hosts in error, tenant clusters and services stuck not Ready, failed installs. */
  problems: { items: WallItem[]; total: number };
  capacity: {
    /** Free hosts (whyNotFree), per rack and flavor. */
    free: FreeHosts[];
    /** Unleased machines waiting in the boot loop; undefined when discovery is not running. */
    unleased?: number;
  };
}

/**
 * Free hosts (whyNotFree) counted per rack × flavor ('' where the label is missing); the rack read
 * from the configured `rackKeys`.
 */
export function freeHostsByRackAndFlavor(
  hosts: readonly BareMetalHost[],
  rackKeys: readonly string[],
): FreeHosts[] {
  const counts = new Map<string, FreeHosts>();
  for (const host of hosts) {
    const labels = host.metadata.labels;
    if (whyNotFree(host)) continue;
    const rack = rackOf(labels, rackKeys) ?? '';
    const flavor = flavorOf(labels) ?? '';
    const key = `${rack}\u0000${flavor}`;
    const entry = counts.get(key) ?? { rack, flavor, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort(
    (a, b) => a.rack.localeCompare(b.rack) || a.flavor.localeCompare(b.flavor),
  );
}

export function isNodeReady(node: V1Node): boolean {
  return node.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

/** The overview page's data: small, so it can be re-sent whole on every change. */
export function buildOverview(
  serverVersion: string,
  nodes: V1Node[],
  resources: { kind: string; group: string; objects: KubernetesObject[] }[],
  wall: Pick<WallView, 'attention' | 'unleased'>,
  hosts: readonly BareMetalHost[],
  rackKeys: readonly string[],
): OverviewView {
  return {
    serverVersion,
    problems: wall.attention,
    capacity: { free: freeHostsByRackAndFlavor(hosts, rackKeys), unleased: wall.unleased },
    nodes: { total: nodes.length, ready: nodes.filter(isNodeReady).length },
    kinds: resources
      .map(({ kind, group, objects }) => ({ kind, group, count: objects.length }))
      .sort((a, b) => a.group.localeCompare(b.group) || a.kind.localeCompare(b.kind)),
  };
}
