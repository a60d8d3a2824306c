import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../kube/kube-request';
import type { ResourceDescriptor } from '../../kube/resource';
import { plunderMachineResource } from '../../types/crds';

const PLUNDER_MACHINE_API_VERSION = `${plunderMachineResource.group}/${plunderMachineResource.version}`;

interface ApiGroup {
  preferredVersion?: { groupVersion: string; version: string };
}

interface ResourceList {
  resources?: { name: string }[];
}

/** The served cluster.x-k8s.io version with Machines, or undefined when Cluster API is not installed. */
export async function clusterApiMachineVersion(kc: KubeConfig): Promise<string | undefined> {
  try {
    const group = await kubeRequestJson<ApiGroup>(kc, '/apis/cluster.x-k8s.io', { timeoutMs: 5_000 });
    const groupVersion = group.preferredVersion?.groupVersion;
    if (!groupVersion) return undefined;
    const resources = await kubeRequestJson<ResourceList>(kc, `/apis/${groupVersion}`, { timeoutMs: 5_000 });
    return resources.resources?.some((resource) => resource.name === 'machines') ? groupVersion : undefined;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return undefined;
    throw error;
  }
}

/** Machines at the served version discovery found (`cluster.x-k8s.io/<version>`). */
export function clusterApiMachineResource(groupVersion: string): ResourceDescriptor {
  const [group = '', version = ''] = groupVersion.split('/');
  return { group, version, plural: 'machines', kind: 'Machine', namespaced: true };
}

/** The Cluster API Machine that owns a PlunderMachine as its infrastructure (same name and namespace). */
export function clusterApiMachine(
  groupVersion: string,
  namespace: string,
  name: string,
  kubernetesVersion: string | undefined,
  clusterName: string,
  role: 'control-plane' | 'worker',
): KubernetesObject & { spec: Record<string, unknown> } {
  return {
    apiVersion: groupVersion,
    kind: 'Machine',
    metadata: {
      name,
      namespace,
      labels: {
        'cluster.x-k8s.io/cluster-name': clusterName,
        ...(role === 'control-plane' ? { 'cluster.x-k8s.io/control-plane': '' } : {}),
      },
    },
    spec: {
      clusterName,
      version: kubernetesVersion,
      // The install profile sets up kubeadm itself, as upstream, which ignored bootstrap data.
      bootstrap: { dataSecretName: '' },
      infrastructureRef: { apiVersion: PLUNDER_MACHINE_API_VERSION, kind: 'PlunderMachine', name, namespace },
    },
  };
}
