/** Names, labels and numbers of the PlacementAPI controller, as placement-operator uses them. */
import type { V1ObjectMeta, V1OwnerReference } from '@kubernetes/client-node';
import type { PlacementAPI } from '../../types/crds/placement-api';
import { placementApiResource } from '../../types/crds/placement-api';
import { controllerReference } from '../../kube/owner-references';

/** lib-common derives it from the kind; the same string goes on the dependencies it creates. */
export const PLACEMENT_FINALIZER = 'openstack.org/placementapi';

export const SERVICE_NAME = 'placement';
export const DATABASE_NAME = 'placement';
export const PLACEMENT_PORT = 8778;
export const PLACEMENT_UID = 42482;
export const KOLLA_START = '/usr/local/bin/kolla_start';
export const DEFAULT_IMAGE = 'quay.io/podified-antelope-centos9/openstack-placement-api:current-podified';
export const DEFAULT_PASSWORD_SELECTOR = 'PlacementPassword';
/** Key of the generated database password in the MariaDBAccount's Secret (mariadb-operator's). */
export const DATABASE_PASSWORD_KEY = 'DatabasePassword';

export const ENDPOINT_TYPES = ['internal', 'public'] as const;
export type EndpointType = (typeof ENDPOINT_TYPES)[number];

/** Pod-template and Job annotations carrying the hashes, so an input change rolls the pods. */
export const INPUT_HASH_ANNOTATION = 'placement.openstack.org/input-hash';
export const DBSYNC_HASH_ANNOTATION = 'placement.openstack.org/dbsync-hash';
export const NETWORKS_ANNOTATION = 'k8s.v1.cni.cncf.io/networks';
export const NETWORK_STATUS_ANNOTATION = 'k8s.v1.cni.cncf.io/network-status';

export const names = {
  scripts: (name: string) => `${name}-scripts`,
  configData: (name: string) => `${name}-config-data`,
  dbSyncJob: (name: string) => `${name}-db-sync`,
  deployment: (name: string) => name,
  service: (endpoint: EndpointType) => `${SERVICE_NAME}-${endpoint}`,
  serviceAccount: (name: string) => `placement-${name}`,
  role: (name: string) => `placement-${name}-role`,
  roleBinding: (name: string) => `placement-${name}-rolebinding`,
  accountSecret: (account: string) => `${account}-db-secret`,
};

/** upstream's getServiceLabels: the AppSelector and the owner. */
export function serviceLabels(placement: PlacementAPI): Record<string, string> {
  return { service: SERVICE_NAME, owner: placement.metadata.name ?? '' };
}

export function ownerReference(placement: PlacementAPI): V1OwnerReference {
  return controllerReference(placement, placementApiResource);
}

export function ownedMetadata(
  placement: PlacementAPI,
  name: string,
  labels: Record<string, string> = serviceLabels(placement),
  annotations?: Record<string, string>,
): V1ObjectMeta {
  return {
    name,
    namespace: placement.metadata.namespace ?? '',
    labels,
    ...(annotations ? { annotations } : {}),
    ownerReferences: [ownerReference(placement)],
  };
}
