import type { V1ConfigMap, V1Pod, V1ServiceAccount } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { planVrouter } from '../../server/controllers/contrail/plan-vrouter';
import { observed } from '../../server/controllers/contrail/vrouter-test-inputs';
import { benchGroup, benchNode } from './contrail-bench-objects';
import { changedObjects, groupWrites } from './contrail-floor-writes';

const groups = [0, 1, 2].map((i) => {
  const group = benchGroup(i, 3);
  group.metadata.uid = `u${i}`;
  return group;
});
const nodes = [benchNode(0, 3, 3)];
const pass = (pods: V1Pod[] = []) =>
  planVrouter({ ...observed(groups[0] ?? benchGroup(0, 3), nodes), groups, pods }, new Date(0)).objects ?? [];

describe("bench:contrail's floor writes", () => {
  it('writes a group naming no Control its ConfigMap and DaemonSet: no certificate Secret', () => {
    const { own } = groupWrites(pass());
    expect(own.map((o) => o.kind).sort()).toEqual(['ConfigMap', 'DaemonSet']);
  });

  it('writes the agents’ identity once for all groups: every group owns the shared ServiceAccount', () => {
    const { shared } = groupWrites(pass());
    expect(shared.map((o) => o.kind).sort()).toEqual(['ClusterRole', 'ClusterRoleBinding', 'ServiceAccount']);
    const account = shared.find((o) => o.kind === 'ServiceAccount') as V1ServiceAccount;
    expect(account.metadata?.ownerReferences?.map((r) => r.uid)).toEqual(['u0', 'u1', 'u2']);
  });

  it('writes again, once the pods have addresses, only the ConfigMap with their files', () => {
    const pod: V1Pod = { metadata: { name: 'a' }, status: { podIP: '10.0.0.9' } };
    const changed = changedObjects(groupWrites(pass()).own, groupWrites(pass([pod])).own);
    expect(changed.map((o) => o.kind)).toEqual(['ConfigMap']);
    expect(Object.keys((changed[0] as V1ConfigMap).data ?? {})).toContain('vrouter.10.0.0.9');
    expect(changedObjects(groupWrites(pass()).own, groupWrites(pass()).own)).toEqual([]);
  });
});
