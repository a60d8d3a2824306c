import type { V1ClusterRole, V1ClusterRoleBinding, V1PolicyRule } from '@kubernetes/client-node';
import type { Kubemanager } from '../../types/crds/kubemanager';
import { componentServiceAccount } from './component-kinds';

/** Kept on every Kubemanager until its ClusterRole and binding, which it cannot own, are deleted. */
export const KUBEMANAGER_FINALIZER = 'kubemanager.contrail.juniper.net/cluster-role';

/**
 * What kube-manager reads of the cluster to map it into Contrail: the pods, services, endpoints,
 * namespaces, network policies, ingresses and nodes it watches. Upstream grants `*` on `*`; the API
 * server lets nobody grant what it does not hold, so Rackpilot holds exactly these (docs/decisions.md).
 */
export const KUBEMANAGER_RULES: V1PolicyRule[] = [
  {
    apiGroups: [''],
    resources: ['pods', 'services', 'endpoints', 'namespaces', 'nodes'],
    verbs: ['get', 'list', 'watch'],
  },
  {
    apiGroups: ['networking.k8s.io'],
    resources: ['networkpolicies', 'ingresses'],
    verbs: ['get', 'list', 'watch'],
  },
];

/**
 * The name of the ClusterRole and of its binding: one pair per Kubemanager, by namespace and name,
 * since two kube-managers of two namespaces must not share a binding (as upstream's shared default does).
 */
export const kubemanagerClusterRoleName = (kubemanager: Kubemanager) =>
  `contrail-kubemanager-${kubemanager.metadata.namespace ?? ''}-${kubemanager.metadata.name ?? ''}`;

/** The Kubemanager's ClusterRole and the binding of its pods' ServiceAccount to it. */
export function renderKubemanagerClusterRole(
  kubemanager: Kubemanager,
): [V1ClusterRole, V1ClusterRoleBinding] {
  const name = kubemanagerClusterRoleName(kubemanager);
  const labels = {
    'rackpilot.io/kubemanager': `${kubemanager.metadata.namespace ?? ''}.${kubemanager.metadata.name ?? ''}`,
  };
  return [
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name, labels },
      rules: KUBEMANAGER_RULES,
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name, labels },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
      subjects: [
        {
          kind: 'ServiceAccount',
          name: componentServiceAccount({ type: 'kubemanager' }, kubemanager),
          namespace: kubemanager.metadata.namespace ?? '',
        },
      ],
    },
  ];
}
