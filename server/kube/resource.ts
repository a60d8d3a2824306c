import type {
  EventsV1Event,
  V1ConfigMap,
  V1CustomResourceDefinition,
  V1DaemonSet,
  V1Deployment,
  V1Job,
  V1Lease,
  V1ClusterRole,
  V1ClusterRoleBinding,
  V1Namespace,
  V1Node,
  V1Pod,
  V1Role,
  V1RoleBinding,
  V1Secret,
  V1Service,
  V1ServiceAccount,
  V1StatefulSet,
} from '@kubernetes/client-node';
import type { ResourceDescriptor } from '../types/resource-descriptor';

export type { ResourceDescriptor };

export function apiVersionOf(resource: ResourceDescriptor): string {
  return resource.group ? `${resource.group}/${resource.version}` : resource.version;
}

/** The collection path, across all namespaces unless one is given. */
export function collectionPath(resource: ResourceDescriptor, namespace?: string): string {
  const base = resource.group ? `/apis/${resource.group}/${resource.version}` : `/api/${resource.version}`;
  return resource.namespaced && namespace
    ? `${base}/namespaces/${namespace}/${resource.plural}`
    : `${base}/${resource.plural}`;
}

// The subresources a namespace has; under /api/v1/namespaces/{name}/ anything else is a resource.
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

/**
 * What an API path names, for a metric label: `plural` or `plural/subresource` (`baremetalhosts`,
 * `deployments/status`), `discovery` for a group's or version's resource list, `none` for paths outside
 * the resource API (/version, /openapi/v3). Bounded by the paths the server builds: a name sits in its
 * own segment, encoded, so it never takes the resource's place.
 */
export function resourceOfPath(path: string): string {
  const segments = (path.split('?')[0] ?? '').split('/').filter(Boolean);
  let rest: string[];
  if (segments[0] === 'api') rest = segments.slice(2);
  else if (segments[0] === 'apis') rest = segments.slice(3);
  else return 'none';
  if (rest.length === 0) return 'discovery';
  const namespaceSubresource = rest.length === 3 && NAMESPACE_SUBRESOURCES.has(rest[2] ?? '');
  if (rest[0] === 'namespaces' && rest.length > 2 && !namespaceSubresource) rest = rest.slice(2);
  const [plural = 'none', , subresource] = rest;
  return subresource ? `${plural}/${subresource}` : plural;
}

export const nodeResource: ResourceDescriptor<V1Node> = {
  group: '',
  version: 'v1',
  plural: 'nodes',
  kind: 'Node',
  namespaced: false,
};

export const namespaceResource: ResourceDescriptor<V1Namespace> = {
  group: '',
  version: 'v1',
  plural: 'namespaces',
  kind: 'Namespace',
  namespaced: false,
};

export const secretResource: ResourceDescriptor<V1Secret> = {
  group: '',
  version: 'v1',
  plural: 'secrets',
  kind: 'Secret',
  namespaced: true,
};

export const configMapResource: ResourceDescriptor<V1ConfigMap> = {
  group: '',
  version: 'v1',
  plural: 'configmaps',
  kind: 'ConfigMap',
  namespaced: true,
};

export const serviceResource: ResourceDescriptor<V1Service> = {
  group: '',
  version: 'v1',
  plural: 'services',
  kind: 'Service',
  namespaced: true,
};

export const deploymentResource: ResourceDescriptor<V1Deployment> = {
  group: 'apps',
  version: 'v1',
  plural: 'deployments',
  kind: 'Deployment',
  namespaced: true,
};

export const statefulSetResource: ResourceDescriptor<V1StatefulSet> = {
  group: 'apps',
  version: 'v1',
  plural: 'statefulsets',
  kind: 'StatefulSet',
  namespaced: true,
};

export const daemonSetResource: ResourceDescriptor<V1DaemonSet> = {
  group: 'apps',
  version: 'v1',
  plural: 'daemonsets',
  kind: 'DaemonSet',
  namespaced: true,
};

export const podResource: ResourceDescriptor<V1Pod> = {
  group: '',
  version: 'v1',
  plural: 'pods',
  kind: 'Pod',
  namespaced: true,
};

export const serviceAccountResource: ResourceDescriptor<V1ServiceAccount> = {
  group: '',
  version: 'v1',
  plural: 'serviceaccounts',
  kind: 'ServiceAccount',
  namespaced: true,
};

export const roleResource: ResourceDescriptor<V1Role> = {
  group: 'rbac.authorization.k8s.io',
  version: 'v1',
  plural: 'roles',
  kind: 'Role',
  namespaced: true,
};

export const roleBindingResource: ResourceDescriptor<V1RoleBinding> = {
  group: 'rbac.authorization.k8s.io',
  version: 'v1',
  plural: 'rolebindings',
  kind: 'RoleBinding',
  namespaced: true,
};

/** Cluster-scoped: a namespaced owner cannot own it, so whoever creates it removes it (a finalizer). */
export const clusterRoleResource: ResourceDescriptor<V1ClusterRole> = {
  group: 'rbac.authorization.k8s.io',
  version: 'v1',
  plural: 'clusterroles',
  kind: 'ClusterRole',
  namespaced: false,
};

export const clusterRoleBindingResource: ResourceDescriptor<V1ClusterRoleBinding> = {
  group: 'rbac.authorization.k8s.io',
  version: 'v1',
  plural: 'clusterrolebindings',
  kind: 'ClusterRoleBinding',
  namespaced: false,
};

export const jobResource: ResourceDescriptor<V1Job> = {
  group: 'batch',
  version: 'v1',
  plural: 'jobs',
  kind: 'Job',
  namespaced: true,
};

export const customResourceDefinitionResource: ResourceDescriptor<V1CustomResourceDefinition> = {
  group: 'apiextensions.k8s.io',
  version: 'v1',
  plural: 'customresourcedefinitions',
  kind: 'CustomResourceDefinition',
  namespaced: false,
};

export const leaseResource: ResourceDescriptor<V1Lease> = {
  group: 'coordination.k8s.io',
  version: 'v1',
  plural: 'leases',
  kind: 'Lease',
  namespaced: true,
};

export const eventResource: ResourceDescriptor<EventsV1Event> = {
  group: 'events.k8s.io',
  version: 'v1',
  plural: 'events',
  kind: 'Event',
  namespaced: true,
};

/** Cluster API's Machine (not served by Rackpilot); its version is discovered, and RBAC grants by group and resource only. */
export const clusterApiMachineResource: ResourceDescriptor = {
  group: 'cluster.x-k8s.io',
  version: 'v1beta1',
  plural: 'machines',
  kind: 'Machine',
  namespaced: true,
};
