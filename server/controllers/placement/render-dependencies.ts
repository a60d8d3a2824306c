/**
 * The custom resources the PlacementAPI asks other operators for: MariaDBAccount and MariaDBDatabase
 * (mariadb-operator), KeystoneService and KeystoneEndpoint (keystone-operator). Each carries the
 * PlacementAPI's finalizer, removed on deletion, as upstream. Pure.
 */
import type { PlacementAPI } from '../../types/crds/placement-api';
import {
  keystoneEndpointResource,
  keystoneServiceResource,
  mariaDBAccountResource,
  mariaDBDatabaseResource,
  type DependencyObject,
} from './dependency-resources';
import { apiVersionOf, type ResourceDescriptor } from '../../kube/resource';
import {
  DATABASE_NAME,
  DEFAULT_PASSWORD_SELECTOR,
  names,
  ownerReference,
  PLACEMENT_FINALIZER,
  SERVICE_NAME,
  type EndpointType,
} from './placement-names';

function dependency(
  placement: PlacementAPI,
  resource: ResourceDescriptor,
  name: string,
  labels: Record<string, string>,
  spec: Record<string, unknown>,
): DependencyObject {
  return {
    apiVersion: apiVersionOf(resource),
    kind: resource.kind,
    metadata: {
      name,
      namespace: placement.metadata.namespace ?? '',
      labels,
      finalizers: [PLACEMENT_FINALIZER],
      ownerReferences: [ownerReference(placement)],
    },
    spec,
  };
}

export function databaseAccountName(placement: PlacementAPI): string {
  return placement.spec.databaseAccount ?? 'placement';
}

/** The user name mariadb-operator's EnsureMariaDBAccount would pick, made deterministic. */
export function databaseUserName(account: string): string {
  return account.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 32);
}

export function renderMariaDBAccount(placement: PlacementAPI): DependencyObject {
  const account = databaseAccountName(placement);
  return dependency(
    placement,
    mariaDBAccountResource,
    account,
    { mariaDBDatabaseName: DATABASE_NAME },
    { userName: databaseUserName(account), secret: names.accountSecret(account) },
  );
}

export function renderMariaDBDatabase(placement: PlacementAPI): DependencyObject {
  return dependency(
    placement,
    mariaDBDatabaseResource,
    DATABASE_NAME,
    { dbName: placement.spec.databaseInstance },
    { name: DATABASE_NAME, defaultCharacterSet: 'utf8', defaultCollation: 'utf8_general_ci' },
  );
}

export function renderKeystoneService(placement: PlacementAPI): DependencyObject {
  return dependency(
    placement,
    keystoneServiceResource,
    SERVICE_NAME,
    { service: SERVICE_NAME },
    {
      serviceType: SERVICE_NAME,
      serviceName: SERVICE_NAME,
      serviceDescription: 'Placement Service',
      enabled: true,
      serviceUser: placement.spec.serviceUser ?? 'placement',
      secret: placement.spec.secret,
      passwordSelector: placement.spec.passwordSelectors?.service ?? DEFAULT_PASSWORD_SELECTOR,
    },
  );
}

export function renderKeystoneEndpoint(
  placement: PlacementAPI,
  endpoints: Record<EndpointType, string>,
): DependencyObject {
  return dependency(
    placement,
    keystoneEndpointResource,
    SERVICE_NAME,
    { service: SERVICE_NAME },
    {
      serviceName: SERVICE_NAME,
      endpoints: { public: endpoints.public, internal: endpoints.internal },
    },
  );
}
