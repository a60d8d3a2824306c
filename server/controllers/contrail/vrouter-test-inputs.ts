import type { V1Node } from '@kubernetes/client-node';
import type { Vrouter, VrouterProfile } from '../../types/crds/vrouter';
import type { VrouterObserved } from './plan-vrouter';

/** The vRouter planner's tests' inputs: a group g1 selecting grp=a, and what its controller would observe. */
export const node = (name: string, labels: Record<string, string> = {}): V1Node => ({
  metadata: { name, labels },
});

export function vrouter(profiles: VrouterProfile[], upgradeStrategy?: 'rolling' | 'deleteFirst'): Vrouter {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Vrouter',
    metadata: { name: 'g1', namespace: 'ns', uid: 'u1', generation: 1 },
    spec: {
      commonConfiguration: { nodeSelector: { grp: 'a' } },
      serviceConfiguration: {
        gateway: '10.1.1.1',
        profiles,
        ...(upgradeStrategy ? { upgradeStrategy } : {}),
      },
    },
  };
}

export function observed(
  v: Vrouter,
  nodes: V1Node[],
  others: Record<string, string[]> = {},
): VrouterObserved {
  return {
    vrouter: v,
    nodes,
    otherGroups: (n) => others[n.metadata?.name ?? ''] ?? [],
    daemonSet: undefined,
    pods: [],
    groups: [],
    rbac: [],
    peers: {},
    // As the controller observes: certificates only for a group naming a Control.
    certificates: v.spec.serviceConfiguration.controlInstance ? { data: {}, issued: 0 } : undefined,
  };
}

export const now = new Date('2026-01-01T00:00:00Z');
