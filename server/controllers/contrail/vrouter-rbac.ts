import type {
  KubernetesObject,
  V1ClusterRole,
  V1ClusterRoleBinding,
  V1OwnerReference,
  V1PolicyRule,
  V1ServiceAccount,
} from '@kubernetes/client-node';
import { apiVersionOf } from '../../kube/resource';
import { vrouterResource, type Vrouter } from '../../types/crds/vrouter';

/** Upstream's names for the agents' identity; every group that names none shares them. */
export const VROUTER_RBAC_DEFAULTS = {
  serviceAccount: 'contrail-service-account-cni',
  clusterRole: 'contrail-cluster-role-cni',
  clusterRoleBinding: 'contrail-cluster-role-binding-cni',
};

/** Marks the identity objects the vRouter controller shares between groups, so it finds the stale ones. */
export const VROUTER_RBAC_LABEL = 'rackpilot.io/vrouter-rbac';

/**
 * What the agents' ClusterRole grants: reading pods and nodes. Upstream grants `*` on `*`; the API
 * server lets nobody grant what it does not hold, and Rackpilot holds no such right (docs/decisions.md).
 */
export const VROUTER_AGENT_RULES: V1PolicyRule[] = [
  { apiGroups: [''], resources: ['nodes', 'pods'], verbs: ['get', 'list', 'watch'] },
];

export interface VrouterRbacNames {
  serviceAccount: string;
  clusterRole: string;
  clusterRoleBinding: string;
}

export function vrouterRbacNames(vrouter: Vrouter): VrouterRbacNames {
  const given = vrouter.spec.serviceConfiguration;
  return {
    serviceAccount: given.serviceAccount || VROUTER_RBAC_DEFAULTS.serviceAccount,
    clusterRole: given.clusterRole || VROUTER_RBAC_DEFAULTS.clusterRole,
    clusterRoleBinding: given.clusterRoleBinding || VROUTER_RBAC_DEFAULTS.clusterRoleBinding,
  };
}

const keyOf = (group: Vrouter) => `${group.metadata.namespace ?? ''}/${group.metadata.name ?? ''}`;
const labels = { [VROUTER_RBAC_LABEL]: 'true' };

/** A reference that keeps the ServiceAccount while any group using it lives, without claiming it. */
function usedBy(group: Vrouter): V1OwnerReference {
  return {
    apiVersion: apiVersionOf(vrouterResource),
    kind: vrouterResource.kind,
    name: group.metadata.name ?? '',
    uid: group.metadata.uid ?? '',
  };
}

/** Groups not being deleted, in a fixed order, so every group's pass renders the same objects. */
function liveGroups(groups: Vrouter[]): Vrouter[] {
  return groups
    .filter((group) => !group.metadata.deletionTimestamp)
    .sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * The identity objects every live group needs, shared as upstream shares them by name: one
 * ServiceAccount per namespace and name (referencing each group that uses it), one ClusterRole per
 * name, one ClusterRoleBinding per name binding every group's ServiceAccount to the ClusterRole its
 * first group (by namespace/name) names. Rendered from all groups, the same in every group's pass.
 */
export function renderVrouterRbac(groups: Vrouter[]): KubernetesObject[] {
  const live = liveGroups(groups);
  const accounts = groupBy(
    live,
    (g) => `${g.metadata.namespace ?? ''}/${vrouterRbacNames(g).serviceAccount}`,
  );
  const serviceAccounts = [...accounts.values()].map((users): V1ServiceAccount => ({
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: {
      name: vrouterRbacNames(users[0] as Vrouter).serviceAccount,
      namespace: users[0]?.metadata.namespace ?? '',
      labels,
      ownerReferences: users.map(usedBy),
    },
  }));
  const roles = [...new Set(live.map((g) => vrouterRbacNames(g).clusterRole))].map((name): V1ClusterRole => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name, labels },
    rules: VROUTER_AGENT_RULES,
  }));
  const bindings = [...groupBy(live, (g) => vrouterRbacNames(g).clusterRoleBinding)].map(
    ([name, users]): V1ClusterRoleBinding => {
      const subjects = [
        ...new Set(users.map((g) => `${g.metadata.namespace ?? ''}/${vrouterRbacNames(g).serviceAccount}`)),
      ].map((account) => {
        const [namespace = '', saName = ''] = account.split('/');
        return { kind: 'ServiceAccount', name: saName, namespace };
      });
      return {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: { name, labels },
        roleRef: {
          apiGroup: 'rbac.authorization.k8s.io',
          kind: 'ClusterRole',
          name: vrouterRbacNames(users[0] as Vrouter).clusterRole,
        },
        subjects,
      };
    },
  );
  return [...serviceAccounts, ...roles, ...bindings];
}

/**
 * Why the group's agents would not get its ClusterRole: its binding is shared with a group (first by
 * namespace/name) that names another role, and a binding refers to one role only.
 */
export function rbacConflict(group: Vrouter, groups: Vrouter[]): string | undefined {
  const names = vrouterRbacNames(group);
  const first = liveGroups(groups).find(
    (g) => vrouterRbacNames(g).clusterRoleBinding === names.clusterRoleBinding,
  );
  const theirs = first && vrouterRbacNames(first).clusterRole;
  if (!first || !theirs || theirs === names.clusterRole) return undefined;
  return `ClusterRoleBinding ${names.clusterRoleBinding} binds ClusterRole ${theirs} (named by ${keyOf(first)}), not ${names.clusterRole}`;
}

const identity = (object: KubernetesObject) =>
  `${object.kind ?? ''}/${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`;

/** Stored identity objects of the vRouter groups that no live group needs any more. */
export function staleVrouterRbac(
  desired: KubernetesObject[],
  stored: KubernetesObject[],
): KubernetesObject[] {
  const wanted = new Set(desired.map(identity));
  return stored.filter(
    (object) => object.metadata?.labels?.[VROUTER_RBAC_LABEL] === 'true' && !wanted.has(identity(object)),
  );
}
