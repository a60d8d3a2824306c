import { CoreV1Api, type KubeConfig, type V1Node } from '@kubernetes/client-node';
import { kubeGetJson, kubeRequestJson } from '../../server/kube/kube-request';
import { RACK_LABEL } from '../../server/schemas/host-labels';

export interface SimulatedNode {
  name: string;
  rack: string;
  role: 'control-plane' | 'worker';
  /** What the lab's Contrail vRouter groups select on (the design's example labels). */
  contrail?: Record<string, string>;
  /** Hugepages a DPDK node advertises. */
  hugepages?: boolean;
  /**
   * The node's InternalIP, as every real node has: kwok gives it to hostNetwork pods as their IP
   * (kwok's own node IP is unset, so a node without one leaves such pods with none).
   */
  address?: string;
}

/** A node's SR-IOV VF capacity label (server/controllers/contrail: VF_CAPACITY_LABEL). */
export const VF_CAPACITY = 'contrail.juniper.net/sriov-vf-capacity';
const INFRA = { 'node-role.kubernetes.io/infra': '' };

/** The simulated nodes of the local cluster: three racks, one control-plane node, the rest workers. */
export const simulatedNodes: SimulatedNode[] = [
  { name: 'kwok-rack-a-1', rack: 'rack-a', role: 'control-plane', address: '10.199.1.11' },
  // One node per lab vRouter group, so the three groups never overlap: DPDK, SR-IOV, kernel mode.
  {
    name: 'kwok-rack-a-2',
    rack: 'rack-a',
    role: 'worker',
    contrail: { ...INFRA, nicType: 'x710' },
    hugepages: true,
    address: '10.199.1.12',
  },
  {
    name: 'kwok-rack-b-1',
    rack: 'rack-b',
    role: 'worker',
    contrail: { ...INFRA, nodeType: 'sriov', [VF_CAPACITY]: '8' },
    address: '10.199.2.11',
  },
  {
    name: 'kwok-rack-c-1',
    rack: 'rack-c',
    role: 'worker',
    contrail: { ...INFRA, nodeType: 'kernel' },
    address: '10.199.3.11',
  },
];

const resources = { cpu: '32', memory: '256Gi', pods: '1000' };
/** Enough for the lab DPDK profile (1024 × 2 MiB and 10 × 1 GiB). */
const HUGEPAGES = { 'hugepages-2Mi': '4Gi', 'hugepages-1Gi': '16Gi' };

export function nodeManifest(node: SimulatedNode): V1Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: node.name,
      // kwok manages only nodes carrying this annotation; it keeps their status and leases alive.
      annotations: { 'kwok.x-k8s.io/node': 'fake' },
      labels: {
        type: 'kwok',
        'kubernetes.io/hostname': node.name,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        [RACK_LABEL]: node.rack,
        'topology.kubernetes.io/zone': node.rack,
        [`node-role.kubernetes.io/${node.role}`]: '',
        ...node.contrail,
      },
    },
    // No containers run on a simulated node, so pod capacity only limits how many tenant services fit.
    status: {
      ...(node.address ? { addresses: [{ type: 'InternalIP', address: node.address }] } : {}),
      allocatable: { ...resources, ...(node.hugepages ? HUGEPAGES : {}) },
      capacity: { ...resources, ...(node.hugepages ? HUGEPAGES : {}) },
    },
  };
}

/** The status patch that gives a node made before it had one its InternalIP (other addresses stay), if needed. */
export function addressPatch(existing: V1Node, address: string | undefined): object | undefined {
  const addresses = existing.status?.addresses ?? [];
  if (!address || addresses.some((a) => a.type === 'InternalIP')) return undefined;
  return { status: { addresses: [...addresses, { type: 'InternalIP', address }] } };
}

async function ensureAddress(kc: KubeConfig, node: SimulatedNode): Promise<void> {
  if (!node.address) return;
  const path = `/api/v1/nodes/${node.name}`;
  const patch = addressPatch(await kubeGetJson<V1Node>(kc, path), node.address);
  if (!patch) return;
  await kubeRequestJson(kc, `${path}/status`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: patch,
  });
}

/**
 * Creates any simulated node that is missing; an existing node only gets the lab's Contrail labels
 * and its InternalIP (a cluster made before they existed), the rest is left as it is.
 */
export async function ensureSimulatedNodes(kc: KubeConfig): Promise<void> {
  const core = kc.makeApiClient(CoreV1Api);
  for (const node of simulatedNodes) {
    try {
      await core.createNode({ body: nodeManifest(node) });
    } catch (error) {
      if ((error as { code?: number }).code !== 409) throw error;
      if (node.contrail) {
        await kubeRequestJson(kc, `/api/v1/nodes/${node.name}`, {
          method: 'PATCH',
          contentType: 'application/merge-patch+json',
          body: { metadata: { labels: node.contrail } },
        });
      }
      await ensureAddress(kc, node);
    }
  }
}
