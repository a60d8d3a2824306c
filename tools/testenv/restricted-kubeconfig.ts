import { writeFile } from 'node:fs/promises';
import { CoreV1Api, KubeConfig, RbacAuthorizationV1Api } from '@kubernetes/client-node';

export interface RestrictedIdentity {
  /** A kubeconfig file for the identity. */
  kubeconfig: string;
  remove(): Promise<void>;
}

/**
 * A service account that may read everything and do only what the server needs to start (install CRDs,
 * its namespace, the leader Lease, events), so every change made through the console is refused by the
 * API server: the real 403 path, without stopping the shared cluster.
 */
export async function readOnlyServiceAccount(
  adminKubeconfig: string,
  name: string,
  file: string,
): Promise<RestrictedIdentity> {
  const kc = new KubeConfig();
  kc.loadFromFile(adminKubeconfig);
  const core = kc.makeApiClient(CoreV1Api);
  const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
  const namespace = 'default';
  await core.createNamespacedServiceAccount({ namespace, body: { metadata: { name } } });
  await rbac.createClusterRole({
    body: {
      metadata: { name },
      rules: [
        { apiGroups: ['*'], resources: ['*'], verbs: ['get', 'list', 'watch'] },
        { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], verbs: ['*'] },
        { apiGroups: [''], resources: ['namespaces'], verbs: ['create'] },
        { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['*'] },
        { apiGroups: ['', 'events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] },
      ],
    },
  });
  await rbac.createClusterRoleBinding({
    body: {
      metadata: { name },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
      subjects: [{ kind: 'ServiceAccount', name, namespace }],
    },
  });
  await serviceAccountKubeconfig(kc, namespace, name, file);
  return {
    kubeconfig: file,
    async remove() {
      await rbac.deleteClusterRoleBinding({ name }).catch(() => undefined);
      await rbac.deleteClusterRole({ name }).catch(() => undefined);
      await core.deleteNamespacedServiceAccount({ name, namespace }).catch(() => undefined);
    },
  };
}

/**
 * Writes a kubeconfig for a ServiceAccount: the admin kubeconfig's cluster and a one-hour token from
 * the TokenRequest API, as a pod of that ServiceAccount would be given.
 */
export async function serviceAccountKubeconfig(
  admin: KubeConfig,
  namespace: string,
  name: string,
  file: string,
): Promise<void> {
  const token = await admin.makeApiClient(CoreV1Api).createNamespacedServiceAccountToken({
    name,
    namespace,
    body: { spec: { audiences: [], expirationSeconds: 3600 } },
  });
  const cluster = admin.getCurrentCluster();
  if (!cluster) throw new Error('the admin kubeconfig has no current cluster');
  await writeFile(
    file,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [
        {
          name: 'restricted',
          cluster: {
            server: cluster.server,
            'certificate-authority': cluster.caFile,
            'certificate-authority-data': cluster.caData,
          },
        },
      ],
      users: [{ name, user: { token: token.status?.token } }],
      contexts: [{ name: 'restricted', context: { cluster: 'restricted', user: name } }],
      'current-context': 'restricted',
    }),
  );
}
