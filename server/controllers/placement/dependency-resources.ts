/**
 * Kinds of other OpenStack operators the PlacementAPI uses when their CRDs are installed. They are
 * not cached (an informer on a kind without a CRD never syncs, and the server waits for every
 * cache): the reconcile reads them directly and polls while it waits on them.
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import { isSubset } from '../../kube/object-subset';
import type { ResourceDescriptor } from '../../kube/resource';

export const mariaDBAccountResource: ResourceDescriptor = {
  group: 'mariadb.openstack.org',
  version: 'v1beta1',
  plural: 'mariadbaccounts',
  kind: 'MariaDBAccount',
  namespaced: true,
};

export const mariaDBDatabaseResource: ResourceDescriptor = {
  group: 'mariadb.openstack.org',
  version: 'v1beta1',
  plural: 'mariadbdatabases',
  kind: 'MariaDBDatabase',
  namespaced: true,
};

export const keystoneAPIResource: ResourceDescriptor = {
  group: 'keystone.openstack.org',
  version: 'v1beta1',
  plural: 'keystoneapis',
  kind: 'KeystoneAPI',
  namespaced: true,
};

export const keystoneServiceResource: ResourceDescriptor = {
  group: 'keystone.openstack.org',
  version: 'v1beta1',
  plural: 'keystoneservices',
  kind: 'KeystoneService',
  namespaced: true,
};

export const keystoneEndpointResource: ResourceDescriptor = {
  group: 'keystone.openstack.org',
  version: 'v1beta1',
  plural: 'keystoneendpoints',
  kind: 'KeystoneEndpoint',
  namespaced: true,
};

export const networkAttachmentDefinitionResource: ResourceDescriptor = {
  group: 'k8s.cni.cncf.io',
  version: 'v1',
  plural: 'network-attachment-definitions',
  kind: 'NetworkAttachmentDefinition',
  namespaced: true,
};

export const topologyResource: ResourceDescriptor = {
  group: 'topology.openstack.org',
  version: 'v1beta1',
  plural: 'topologies',
  kind: 'Topology',
  namespaced: true,
};

/** The operators behind those kinds; a group counts as installed when the API server serves it. */
export const DEPENDENCY_GROUPS = {
  mariadb: mariaDBDatabaseResource,
  keystone: keystoneServiceResource,
  nad: networkAttachmentDefinitionResource,
  topology: topologyResource,
} as const;
export type DependencyGroup = keyof typeof DEPENDENCY_GROUPS;
export type InstalledGroups = Record<DependencyGroup, boolean>;

/** A dependency custom resource as far as the PlacementAPI reads it. */
export interface DependencyObject extends KubernetesObject {
  spec?: Record<string, unknown>;
  status?: {
    conditions?: { type: string; status: string; message?: string; reason?: string; severity?: string }[];
    [key: string]: unknown;
  };
}

export function readyOf(object: DependencyObject | undefined) {
  return object?.status?.conditions?.find((c) => c.type === 'Ready');
}

/**
 * Whether a dependency as read already holds what the PlacementAPI would apply: its name, every field
 * rendered, and its finalizer among any others (another operator may hold one too; server-side apply
 * merges finalizers as a set). Applying it again would change nothing, so the reconcile skips it.
 */
export function isApplied(desired: DependencyObject, observed: DependencyObject | undefined): boolean {
  if (!observed || observed.metadata?.name !== desired.metadata?.name) return false;
  const { finalizers = [], ...metadata } = desired.metadata ?? {};
  const held = observed.metadata?.finalizers ?? [];
  return (
    finalizers.every((finalizer) => held.includes(finalizer)) && isSubset({ ...desired, metadata }, observed)
  );
}
