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
  for (const host of hosts) await createHost(kc, namespace, host);
}

/** What the host operator reports of an inspected host that is ready for use. */
export const AVAILABLE_STATUS: Partial<BareMetalHost['status']> = {
  operationalStatus: 'OK',
  poweredOn: true,
  provisioning: { state: 'available', ID: '' },
};

/** One BareMetalHost made through the API server, with `status` written as its operator would. */
export async function createHost(
  kc: KubeConfig,
  namespace: string,
  host: TestHost,
  status?: Partial<BareMetalHost['status']>,
): Promise<void> {
  const path = collectionPath(bareMetalHostResource, namespace);
  await kubeRequestJson(kc, path, {
    method: 'POST',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name: host.name, ...(host.labels ? { labels: host.labels } : {}) },
      spec: host.spec,
    },
  });
  if (!status) return;
  await kubeRequestJson(kc, `${path}/${host.name}/status`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { status },
  });
}
