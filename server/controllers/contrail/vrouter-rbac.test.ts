import type { KubernetesObject, V1ClusterRoleBinding, V1ServiceAccount } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Vrouter } from '../../types/crds/vrouter';
import { rbacConflict, renderVrouterRbac, staleVrouterRbac, VROUTER_RBAC_LABEL } from './vrouter-rbac';

function group(
  namespace: string,
  name: string,
  names: Record<string, string> = {},
  deleting = false,
): Vrouter {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Vrouter',
    metadata: {
      name,
      namespace,
      uid: `${namespace}-${name}`,
      ...(deleting ? { deletionTimestamp: new Date(0) } : {}),
    },
    spec: { serviceConfiguration: names },
  };
}

const ids = (objects: KubernetesObject[]) =>
  objects.map((o) => `${o.kind ?? ''} ${o.metadata?.namespace ?? '-'}/${o.metadata?.name ?? ''}`);
const binding = (objects: KubernetesObject[], name: string) =>
  objects.find((o) => o.kind === 'ClusterRoleBinding' && o.metadata?.name === name) as V1ClusterRoleBinding;

describe('renderVrouterRbac', () => {
  it.each([
    {
      title: 'two groups of one namespace share upstream’s default names',
      groups: [group('a', 'g2'), group('a', 'g1')],
      objects: [
        'ServiceAccount a/contrail-service-account-cni',
        'ClusterRole -/contrail-cluster-role-cni',
        'ClusterRoleBinding -/contrail-cluster-role-binding-cni',
      ],
      subjects: { 'contrail-cluster-role-binding-cni': ['a/contrail-service-account-cni'] },
    },
    {
      title: 'groups of two namespaces get an account each, both bound by the shared binding',
      groups: [group('a', 'g1'), group('b', 'g1')],
      objects: [
        'ServiceAccount a/contrail-service-account-cni',
        'ServiceAccount b/contrail-service-account-cni',
        'ClusterRole -/contrail-cluster-role-cni',
        'ClusterRoleBinding -/contrail-cluster-role-binding-cni',
      ],
      subjects: {
        'contrail-cluster-role-binding-cni': [
          'a/contrail-service-account-cni',
          'b/contrail-service-account-cni',
        ],
      },
    },
    {
      title: 'a group naming its own objects gets them; a group being deleted counts no more',
      groups: [
        group('a', 'g1', { serviceAccount: 'sa1', clusterRole: 'r1', clusterRoleBinding: 'b1' }),
        group('a', 'g2', {}, true),
      ],
      objects: ['ServiceAccount a/sa1', 'ClusterRole -/r1', 'ClusterRoleBinding -/b1'],
      subjects: { b1: ['a/sa1'] },
    },
    { title: 'no live group, nothing', groups: [group('a', 'g1', {}, true)], objects: [], subjects: {} },
  ])('$title', ({ groups, objects, subjects }) => {
    const rendered = renderVrouterRbac(groups);
    expect(ids(rendered)).toEqual(objects);
    for (const [name, expected] of Object.entries(subjects))
      expect(binding(rendered, name).subjects?.map((s) => `${s.namespace ?? ''}/${s.name}`)).toEqual(
        expected,
      );
    for (const object of rendered) expect(object.metadata?.labels?.[VROUTER_RBAC_LABEL]).toBe('true');
  });

  it('keeps a shared account while any group uses it, referencing each without claiming it', () => {
    const [account] = renderVrouterRbac([group('a', 'g2'), group('a', 'g1')]) as V1ServiceAccount[];
    expect(account?.metadata?.ownerReferences?.map((r) => [r.name, r.controller])).toEqual([
      ['g1', undefined],
      ['g2', undefined],
    ]);
    // Rendered from all groups, every group's pass writes the same objects.
    expect(renderVrouterRbac([group('a', 'g1'), group('a', 'g2')])).toEqual(
      renderVrouterRbac([group('a', 'g2'), group('a', 'g1')]),
    );
  });

  it('names a binding shared with a group that binds another role', () => {
    const first = group('a', 'g1', { clusterRole: 'r1' });
    const second = group('a', 'g2', { clusterRole: 'r2' });
    expect(rbacConflict(first, [first, second])).toBeUndefined();
    expect(rbacConflict(second, [first, second])).toBe(
      'ClusterRoleBinding contrail-cluster-role-binding-cni binds ClusterRole r1 (named by a/g1), not r2',
    );
  });
});

describe('staleVrouterRbac', () => {
  it('gives the stored identity objects no live group needs, never another’s', () => {
    const desired = renderVrouterRbac([group('a', 'g1')]);
    const stored: KubernetesObject[] = [
      ...desired,
      ...renderVrouterRbac([group('a', 'g9', { serviceAccount: 'old', clusterRoleBinding: 'old-binding' })]),
      { kind: 'ClusterRole', metadata: { name: 'someone-elses' } },
    ];
    expect(ids(staleVrouterRbac(desired, stored))).toEqual([
      'ServiceAccount a/old',
      'ClusterRoleBinding -/old-binding',
    ]);
  });
});
