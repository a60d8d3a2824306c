/** Names, labels and keys the Ironic and IronicDatabase controllers share; wire-visible ones match upstream. */
import type { V1ObjectMeta, V1OwnerReference } from '@kubernetes/client-node';
import { controllerReference } from '../../kube/owner-references';
import { ironicResource, type Ironic } from '../../types/crds/ironic';
import { ironicDatabaseResource, type IronicDatabase } from '../../types/crds/ironic-database';

/** Upstream's finalizer on both kinds. */
export const IRONIC_FINALIZER = 'ironic.metal3.io';

/** On every object an Ironic owns, so the console finds what an Ironic owns with one label selector. */
export const IRONIC_OWNER_LABEL = 'rackpilot.io/ironic';
export const DATABASE_OWNER_LABEL = 'rackpilot.io/ironic-database';

/** The seed's pod label of every Ironic pod. */
export const IRONIC_SERVICE_LABEL = 'metal3.io/ironic-standalone-operator';
export const IRONIC_SERVICE_LABEL_VALUE = 'ironic-service';
export const IRONIC_APP_LABEL = 'ironic.metal3.io/app';
export const IRONIC_NAME_LABEL = 'ironic.metal3.io/ironic';
export const IRONIC_VERSION_LABEL = 'ironic.metal3.io/version';
export const DATABASE_APP_LABEL = 'ironic.metal3.io/db';

/** Upstream's label on the Secrets it generates (and, in later releases, requires on user Secrets). */
export const GENERATED_SECRET_LABEL = 'environment.metal3.io/ironic-standalone-operator';

/** Pod annotations with a hash of each referenced Secret's data: a changed Secret rolls the pods. */
export const API_SECRET_VERSION_ANNOTATION = 'ironic.metal3.io/api-secret-version';
export const TLS_SECRET_VERSION_ANNOTATION = 'ironic.metal3.io/tls-secret-version';
export const DATABASE_SECRET_VERSION_ANNOTATION = 'ironic.metal3.io/database-secret-version';

export const MARIADB_PORT = 3306;

/** The reasons upstream writes on the single Ready condition of both kinds. */
export const IRONIC_READY_REASONS = {
  inProgress: 'DeploymentInProgress',
  failed: 'DeploymentFailed',
  available: 'DeploymentAvailable',
} as const;
export type IronicReadyReason = (typeof IRONIC_READY_REASONS)[keyof typeof IRONIC_READY_REASONS];

export const IRONIC_AVAILABLE_MESSAGE = 'ironic is available';
export const DATABASE_AVAILABLE_MESSAGE = 'database is available';

export function ironicDeploymentName(ironicName: string): string {
  return `${ironicName}-service`;
}

/** The Service is named after the Ironic itself, as the seed describes. */
export function ironicServiceName(ironicName: string): string {
  return ironicName;
}

export function generatedIronicCredentialsName(ironicName: string): string {
  return `${ironicName}-credentials`;
}

/** Deployment and Service of an IronicDatabase. */
export function databaseObjectsName(databaseName: string): string {
  return `${databaseName}-database`;
}

export function generatedDatabaseCredentialsName(databaseName: string): string {
  return `${databaseName}-database-credentials`;
}

/** Where an Ironic reaches the MariaDB of an IronicDatabase (host:port, as MARIADB_HOST takes it). */
export function databaseHost(database: IronicDatabase): string {
  const external = database.spec?.externalIP;
  if (external)
    return external.includes(':') ? `[${external}]:${MARIADB_PORT}` : `${external}:${MARIADB_PORT}`;
  return `${databaseObjectsName(database.metadata.name ?? '')}.${database.metadata.namespace ?? ''}.svc:${MARIADB_PORT}`;
}

/**
 * Every object is named after its owner and Services must be DNS-1035 labels (at most 63
 * characters, starting with a letter); label values are at most 63 characters too. The API server
 * would reject the objects; saying so in the condition is clearer.
 */
export function objectNameProblem(name: string): string | undefined {
  if (name.length > 63) return `name ${name} is longer than 63 characters`;
  if (!/^[a-z]([-a-z0-9]*[a-z0-9])?$/.test(name)) return `name ${name} is not a DNS-1035 label`;
  return undefined;
}

type Owner = Ironic | IronicDatabase;

export function controllerReferenceOf(owner: Owner): V1OwnerReference {
  return controllerReference(owner, owner.kind === 'Ironic' ? ironicResource : ironicDatabaseResource);
}

/**
 * Metadata of an object the owner's reconcile applies and prunes: in the owner's namespace, with
 * the owner label and a controller ownerReference, so deleting the owner garbage-collects it.
 */
export function ownedMetadata(
  owner: Owner,
  name: string,
  labels: Record<string, string>,
  annotations?: Record<string, string>,
): V1ObjectMeta {
  const ownerLabel = owner.kind === 'Ironic' ? IRONIC_OWNER_LABEL : DATABASE_OWNER_LABEL;
  return {
    name,
    namespace: owner.metadata.namespace ?? '',
    labels: { ...labels, [ownerLabel]: owner.metadata.name ?? '' },
    ...(annotations ? { annotations } : {}),
    ownerReferences: [controllerReferenceOf(owner)],
  };
}
