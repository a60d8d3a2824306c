import { CoreV1Api, type KubeConfig, type V1Node } from '@kubernetes/client-node';
import { RACK_LABEL } from '../../server/schemas/host-labels';

interface SimulatedNode {
  name: string;
  rack: string;
  role: 'control-plane' | 'worker';
}

/** The simulated nodes of the local cluster: three racks, one control-plane node, the rest workers. */
export const simulatedNodes: SimulatedNode[] = [
  { name: 'kwok-rack-a-1', rack: 'rack-a', role: 'control-plane' },
  { name: 'kwok-rack-a-2', rack: 'rack-a', role: 'worker' },
  { name: 'kwok-rack-b-1', rack: 'rack-b', role: 'worker' },
  { name: 'kwok-rack-c-1', rack: 'rack-c', role: 'worker' },
];

function nodeManifest(node: SimulatedNode): V1Node {
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
      },
    },
    // No containers run on a simulated node, so pod capacity only limits how many tenant services fit.
    status: {
      allocatable: { cpu: '32', memory: '256Gi', pods: '1000' },
      capacity: { cpu: '32', memory: '256Gi', pods: '1000' },
    },
  };
}

/** Creates any simulated node that is missing; existing nodes are left as they are. */
export async function ensureSimulatedNodes(kc: KubeConfig): Promise<void> {
  const core = kc.makeApiClient(CoreV1Api);
  for (const node of simulatedNodes) {
    try {
      await core.createNode({ body: nodeManifest(node) });
    } catch (error) {
      if ((error as { code?: number }).code !== 409) throw error;
    }
  }
}
