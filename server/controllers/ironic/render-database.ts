import type { V1Deployment, V1DeploymentSpec, V1Secret, V1Service } from '@kubernetes/client-node';
import type { IronicDatabase } from '../../types/crds/ironic-database';
import { contentHash, SPEC_HASH_ANNOTATION } from '../common/content-hash';
import { PASSWORD_KEY, USERNAME_KEY } from './credentials';
import {
  DATABASE_APP_LABEL,
  DATABASE_SECRET_VERSION_ANNOTATION,
  databaseObjectsName,
  MARIADB_PORT,
  ownedMetadata,
  TLS_SECRET_VERSION_ANNOTATION,
} from './ironic-names';
import { secretVersion } from './render-ironic';

/** The CRD's default, for objects stored before the default existed. */
export const DEFAULT_MARIADB_IMAGE = 'quay.io/metal3-io/mariadb';
/** The mysql user of the metal3 MariaDB image, as upstream ran it. */
const MARIADB_UID = 27;

export interface DatabaseRenderInput {
  database: IronicDatabase;
  credentialsSecret: V1Secret;
  tlsSecret?: V1Secret;
}

function secretEnv(name: string, secret: string, key: string) {
  return { name, valueFrom: { secretKeyRef: { name: secret, key } } };
}

/**
 * Deployment `<name>-database`: one MariaDB with database `ironic` and the generated (or given)
 * user, data in an emptyDir, the certificate at /certs/mariadb when TLS is configured.
 */
export function renderDatabaseDeployment(input: DatabaseRenderInput): V1Deployment {
  const { database, credentialsSecret, tlsSecret } = input;
  const objectsName = databaseObjectsName(database.metadata.name ?? '');
  const selector = { [DATABASE_APP_LABEL]: objectsName };
  const secret = credentialsSecret.metadata?.name ?? '';
  const annotations: Record<string, string> = {
    [DATABASE_SECRET_VERSION_ANNOTATION]: secretVersion(credentialsSecret),
  };
  if (tlsSecret) annotations[TLS_SECRET_VERSION_ANNOTATION] = secretVersion(tlsSecret);
  const probe = {
    exec: { command: ['sh', '-c', 'mysqladmin status -u"$MARIADB_USER" -p"$MARIADB_PASSWORD"'] },
    periodSeconds: 30,
    timeoutSeconds: 10,
  };
  const deploymentSpec: V1DeploymentSpec = {
    replicas: 1,
    strategy: { type: 'Recreate' },
    selector: { matchLabels: selector },
    template: {
      metadata: { labels: selector, annotations },
      spec: {
        automountServiceAccountToken: false,
        securityContext: { runAsUser: MARIADB_UID, fsGroup: MARIADB_UID },
        containers: [
          {
            name: 'mariadb',
            image: database.spec?.image ?? DEFAULT_MARIADB_IMAGE,
            env: [
              { name: 'MARIADB_DATABASE', value: 'ironic' },
              secretEnv('MARIADB_USER', secret, USERNAME_KEY),
              secretEnv('MARIADB_PASSWORD', secret, PASSWORD_KEY),
              { name: 'MARIADB_HOST', value: '%' },
            ],
            ports: [{ name: 'mariadb', containerPort: MARIADB_PORT, protocol: 'TCP' }],
            readinessProbe: probe,
            livenessProbe: probe,
            volumeMounts: [
              { name: 'mariadb-data', mountPath: '/var/lib/mysql' },
              ...(tlsSecret ? [{ name: 'cert-mariadb', mountPath: '/certs/mariadb', readOnly: true }] : []),
            ],
          },
        ],
        volumes: [
          { name: 'mariadb-data', emptyDir: {} },
          ...(tlsSecret
            ? [{ name: 'cert-mariadb', secret: { secretName: tlsSecret.metadata?.name ?? '' } }]
            : []),
        ],
      },
    },
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: ownedMetadata(database, objectsName, selector, {
      [SPEC_HASH_ANNOTATION]: contentHash(deploymentSpec),
    }),
    spec: deploymentSpec,
  };
}

/** Service `<name>-database` on 3306. */
export function renderDatabaseService(database: IronicDatabase): V1Service {
  const objectsName = databaseObjectsName(database.metadata.name ?? '');
  const selector = { [DATABASE_APP_LABEL]: objectsName };
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: ownedMetadata(database, objectsName, selector),
    spec: {
      type: 'ClusterIP',
      selector,
      ports: [{ name: 'mariadb', port: MARIADB_PORT, targetPort: MARIADB_PORT, protocol: 'TCP' }],
    },
  };
}
