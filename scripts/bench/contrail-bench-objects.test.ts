import { describe, expect, it } from 'vitest';
import { matchesNodeSelector } from '../../server/controllers/contrail';
import { planVrouter } from '../../server/controllers/contrail/plan-vrouter';
import { observed } from '../../server/controllers/contrail/vrouter-test-inputs';
import { VF_CAPACITY } from '../../tools/controlplane/kwok-nodes';
import { benchGroup, benchNode, GROUP_LABEL, groupOfNode } from './contrail-bench-objects';

describe('bench:contrail objects', () => {
  it('spreads the nodes evenly over the groups, consecutive nodes together', () => {
    const sizes = new Map<number, number>();
    for (let node = 0; node < 1000; node++) {
      const group = groupOfNode(node, 1000, 100);
      sizes.set(group, (sizes.get(group) ?? 0) + 1);
    }
    expect([...sizes.keys()]).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(new Set(sizes.values())).toEqual(new Set([10]));
    expect([groupOfNode(0, 7, 3), groupOfNode(6, 7, 3)]).toEqual([0, 2]);
  });

  it('lets each group select exactly its own nodes, none of another group', () => {
    const nodes = Array.from({ length: 30 }, (_, i) => benchNode(i, 30, 6));
    for (let g = 0; g < 6; g++) {
      const selector = benchGroup(g, 6).spec.commonConfiguration?.nodeSelector;
      const matched = nodes.filter((n) => matchesNodeSelector(selector, n.metadata?.labels));
      expect(matched.map((n) => n.metadata?.name)).toEqual(
        [0, 1, 2, 3, 4].map((k) => `bench-n${String(g * 5 + k).padStart(5, '0')}`),
      );
    }
  });

  it('gives DPDK groups hugepage nodes and SR-IOV groups nodes with enough VFs, so every node is eligible', () => {
    for (let g = 0; g < 3; g++) {
      const nodes = [benchNode(2 * g, 6, 3), benchNode(2 * g + 1, 6, 3)];
      const vrouter = benchGroup(g, 3);
      vrouter.metadata.uid = 'u';
      const plan = planVrouter(observed(vrouter, nodes), new Date(0));
      expect(plan.status.excludedNodes).toEqual([]);
      expect(plan.status.matchedNodes).toHaveLength(2);
    }
    expect(benchNode(0, 6, 3).status?.allocatable?.['hugepages-2Mi']).toBeDefined();
    expect(benchNode(2, 6, 3).metadata?.labels?.[VF_CAPACITY]).toBe('16');
    expect(benchNode(4, 6, 3).metadata?.labels?.[GROUP_LABEL]).toBe('g0002');
  });

  it('refuses counts that leave a group without nodes', () => {
    expect(() => benchNode(0, 5, 10)).toThrow(/at least one node per group/);
    expect(() => benchGroup(0, 0)).toThrow(/at least one node per group/);
  });
});
