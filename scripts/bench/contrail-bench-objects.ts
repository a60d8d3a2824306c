// What bench:contrail creates: simulated nodes labelled for their vRouter group, and the groups, one
// Vrouter CR each (upstream's wire form), cycling through a DPDK, an SR-IOV and a kernel-mode profile.
import type { V1Node } from '@kubernetes/client-node';
import type { Vrouter, VrouterProfile } from '../../server/types/crds/vrouter';
import { nodeManifest, VF_CAPACITY } from '../../tools/controlplane/kwok-nodes';

export const NAMESPACE = 'bench-contrail';
/** The label a bench node carries with its group's name; each group selects on it alone. */
export const GROUP_LABEL = 'bench.rackpilot.io/vrouter-group';

const PROFILES: VrouterProfile[][] = [
  [
    { name: 'dpdk', dpdkConfiguration: { coreMask: '0xF', '2MBHugePages': 512, '1GBHugePages': 2 } },
    { name: 'tuning', otherConfig: { moreConfig: { log_level: 'SYS_NOTICE' } } },
  ],
  [{ name: 'sriov', sriovConfiguration: { numberOfVfs: 8, virtualFunctionMappings: ['physnet1'] } }],
  [{ name: 'kernel', kernelModeConfiguration: {} }],
];

export const groupName = (group: number) => `g${String(group).padStart(4, '0')}`;

/** Which group node `node` of `nodes` belongs to: consecutive nodes, as evenly as the counts allow. */
export function groupOfNode(node: number, nodes: number, groups: number): number {
  return Math.floor((node * groups) / nodes);
}

function checkCounts(nodes: number, groups: number): void {
  if (!Number.isInteger(groups) || groups < 1 || !Number.isInteger(nodes) || nodes < groups)
    throw new Error(
      `need whole counts with at least one node per group, not ${nodes} nodes / ${groups} groups`,
    );
}

/** Simulated node `index`: a worker labelled for its group, with hugepages or VFs where its group needs them. */
export function benchNode(index: number, nodes: number, groups: number): V1Node {
  checkCounts(nodes, groups);
  const group = groupOfNode(index, nodes, groups);
  const kind = group % PROFILES.length;
  return nodeManifest({
    name: `bench-n${String(index).padStart(5, '0')}`,
    rack: `rack-${Math.floor(index / 20)}`,
    role: 'worker',
    contrail: { [GROUP_LABEL]: groupName(group), ...(kind === 1 ? { [VF_CAPACITY]: '16' } : {}) },
    hugepages: kind === 0,
  });
}

/** vRouter group `index`: the nodes labelled with its name, its profiles and its own gateway. */
export function benchGroup(index: number, groups: number): Vrouter {
  checkCounts(groups, groups);
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Vrouter',
    metadata: { name: groupName(index), namespace: NAMESPACE },
    spec: {
      commonConfiguration: { nodeSelector: { [GROUP_LABEL]: groupName(index) } },
      serviceConfiguration: {
        gateway: `10.${100 + Math.floor(index / 250)}.${index % 250}.1`,
        upgradeStrategy: 'rolling',
        profiles: PROFILES[index % PROFILES.length],
      },
    },
  };
}
