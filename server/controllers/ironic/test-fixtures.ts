import type { V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';
import type { Ironic, IronicSpec } from '../../types/crds/ironic';
import type { IronicDatabase } from '../../types/crds/ironic-database';
import { base64Data } from '../common/content-hash';
import type { IronicObserved } from './plan-ironic';

export const NAMESPACE = 'metal';

export function ironic(spec: IronicSpec, name = 'lab'): Ironic {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'Ironic',
    metadata: { name, namespace: NAMESPACE, uid: 'uid-lab', generation: 2 },
    spec,
  };
}

export function secret(name: string, data: Record<string, string>, type = 'Opaque'): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type,
    metadata: { name, namespace: NAMESPACE },
    data: base64Data(data),
  };
}

export const credentialsSecret = secret('lab-credentials', {
  username: 'lab',
  password: 'p'.repeat(32),
  htpasswd: 'lab:$2y$10$abcdefghijklmnopqrstuu',
});
export const tlsSecret = secret('lab-tls', { 'tls.crt': 'crt', 'tls.key': 'key' }, 'kubernetes.io/tls');

export function readyDatabase(name = 'db'): IronicDatabase {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'IronicDatabase',
    metadata: { name, namespace: NAMESPACE, uid: 'uid-db', generation: 1 },
    spec: { credentialsRef: { name: 'db-database-credentials' } },
    status: {
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'DeploymentAvailable',
          message: 'database is available',
          observedGeneration: 1,
          lastTransitionTime: '2026-01-01T00:00:00Z',
        },
      ],
    },
  };
}

export const databaseSecret = secret('db-database-credentials', {
  username: 'ironic',
  password: 'q'.repeat(32),
});

/** Observed state from plain lists, keyed by name (everything lives in one namespace). */
export function observed(
  subject: Ironic,
  objects: {
    secrets?: V1Secret[];
    databases?: IronicDatabase[];
    deployments?: V1Deployment[];
    services?: V1Service[];
  },
): IronicObserved {
  const find = <T extends { metadata?: { name?: string } }>(list: T[] | undefined, name: string) =>
    list?.find((item) => item.metadata?.name === name);
  return {
    ironic: subject,
    secret: (_, name) => find(objects.secrets, name),
    database: (_, name) => find(objects.databases, name),
    deployment: (_, name) => find(objects.deployments, name),
    service: (_, name) => find(objects.services, name),
  };
}
