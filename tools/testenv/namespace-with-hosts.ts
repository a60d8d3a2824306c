import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath } from '../../server/kube/resource';
import { bareMetalHostResource, type BareMetalHost } from '../../server/types/crds/bare-metal-host';

/** A host as a test starts from it: its name, labels and spec. */
export interface TestHost {
  name: string;
  labels?: Record<string, string>;
  spec: BareMetalHost['spec'];
}

/** A namespace of a test's own with the BareMetalHosts it starts from, made through the API server. */
export async function createNamespaceWithHosts(
  kc: KubeConfig,
  namespace: string,
  hosts: TestHost[],
): Promise<void> {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  for (const host of hosts) {
    await kubeRequestJson(kc, collectionPath(bareMetalHostResource, namespace), {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        metadata: { name: host.name, ...(host.labels ? { labels: host.labels } : {}) },
        spec: host.spec,
      },
    });
  }
}
