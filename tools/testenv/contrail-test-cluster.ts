// Shared by the Contrail integration tests: a namespace, simulated nodes (tainted unless open, so
// only these tests' pods land there) and the controllers, all removed afterwards.
import { randomBytes } from 'node:crypto';
import { KubeConfig, type KubernetesObject, type V1Node, type V1Pod } from '@kubernetes/client-node';
import {
  startControllers,
  withoutBoot,
  type ControllerHarness,
  type ServiceSettings,
} from './controller-harness';
import { deleteObject } from '../../server/kube/apply';
import { removeNamespace } from './remove-namespace';
import { KubeRequestError, kubeGetJson, kubeRequestJson } from '../../server/kube/kube-request';
import {
  collectionPath,
  nodeResource,
  podResource,
  type ResourceDescriptor,
} from '../../server/kube/resource';

export const kc = new KubeConfig();
kc.loadFromDefault();
export const TEST_LABEL = 'rackpilot.io/contrail-test';

export interface ContrailTestCluster {
  id: string;
  namespace: string;
  tolerations: { key: string; operator: 'Exists'; effect: 'NoSchedule' }[];
  get<T>(resource: ResourceDescriptor, name: string, ns?: string): Promise<T | undefined>;
  create(resource: ResourceDescriptor, object: KubernetesObject, ns?: string): Promise<void>;
  merge(resource: ResourceDescriptor, name: string, patch: unknown, ns?: string): Promise<void>;
  podsOf(type: string, name: string, ns?: string): Promise<V1Pod[]>;
  /** Sets the Ready condition of the service's pods (those named, or all), as a kubelet would after its probe. */
  setPodsReady(type: string, name: string, ready: boolean, only?: string[]): Promise<V1Pod[]>;
  /** A simulated node with an InternalIP and the test label; returns its name. */
  createNode(suffix: string, labels: Record<string, string>, open?: boolean): Promise<string>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The pods of one Contrail service (`type` as its pods' `contrail_manager` label, e.g. `config`). */
async function servicePods(namespace: string, type: string, name: string): Promise<V1Pod[]> {
  const list = await kubeGetJson<{ items: V1Pod[] }>(kc, collectionPath(podResource, namespace), {
    labelSelector: `contrail_manager=${type},${type}=${name}`,
  });
  return list.items;
}

/** Sets the Ready condition of the service's pods (those named, or all), as a kubelet would after its probe. */
export async function setServicePodsReady(
  namespace: string,
  type: string,
  name: string,
  ready: boolean,
  only?: string[],
): Promise<V1Pod[]> {
  const pods = (await servicePods(namespace, type, name)).filter(
    (pod) => !only || only.includes(pod.metadata?.name ?? ''),
  );
  const status = ready ? 'True' : 'False';
  for (const pod of pods)
    await kubeRequestJson(
      kc,
      `${collectionPath(podResource, namespace)}/${pod.metadata?.name ?? ''}/status`,
      {
        method: 'PATCH',
        contentType: 'application/strategic-merge-patch+json',
        body: {
          status: {
            conditions: [
              { type: 'Ready', status },
              { type: 'ContainersReady', status },
            ],
          },
        },
      },
    );
  return pods;
}

/** `settings` override the controllers' test settings (a short certificate lifetime, say). */
export function contrailTestCluster(
  prefix: string,
  settings: Partial<ServiceSettings> = {},
): ContrailTestCluster {
  const id = randomBytes(3).toString('hex');
  const namespace = `${prefix}-${id}`;
  const nodeNames: string[] = [];
  let harness: ControllerHarness | undefined;
  const pathOf = (resource: ResourceDescriptor, ns: string) =>
    collectionPath(resource, resource.namespaced ? ns : undefined);
  const cluster: ContrailTestCluster = {
    id,
    namespace,
    tolerations: [{ key: TEST_LABEL, operator: 'Exists', effect: 'NoSchedule' }],
    async get<T>(resource: ResourceDescriptor, name: string, ns = namespace) {
      try {
        return await kubeGetJson<T>(kc, `${pathOf(resource, ns)}/${name}`);
      } catch (error) {
        if (error instanceof KubeRequestError && error.status === 404) return undefined;
        throw error;
      }
    },
    async create(resource, object, ns = namespace) {
      await kubeRequestJson(kc, pathOf(resource, ns), { method: 'POST', body: object });
    },
    async merge(resource, name, patch, ns = namespace) {
      await kubeRequestJson(kc, `${pathOf(resource, ns)}/${name}`, {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        body: patch,
      });
    },
    podsOf: (type, name, ns = namespace) => servicePods(ns, type, name),
    setPodsReady: (type, name, ready, only) => setServicePodsReady(namespace, type, name, ready, only),
    async createNode(suffix, labels, open = false) {
      const name = `${prefix}-${id}-${suffix}`;
      const node: V1Node = {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: {
          name,
          annotations: { 'kwok.x-k8s.io/node': 'fake' },
          labels: { 'kubernetes.io/hostname': name, [TEST_LABEL]: id, ...labels },
        },
        spec: open ? {} : { taints: [{ key: TEST_LABEL, value: id, effect: 'NoSchedule' }] },
        status: {
          addresses: [{ type: 'InternalIP', address: `10.98.${nodeNames.length}.10` }],
          allocatable: { cpu: '32', memory: '256Gi', pods: '110' },
          capacity: { cpu: '32', memory: '256Gi', pods: '110' },
        },
      };
      await cluster.create(nodeResource, node);
      nodeNames.push(name);
      return name;
    },
    async start() {
      await kubeRequestJson(kc, '/api/v1/namespaces', {
        method: 'POST',
        body: { metadata: { name: namespace } },
      });
      harness = await startControllers(kc, ['contrail'], () => Promise.resolve(withoutBoot(settings)));
    },
    async stop() {
      // While the controllers run: the vRouter groups' finalizer needs them.
      await removeNamespace(kc, namespace);
      await harness?.stop();
      for (const name of nodeNames) await deleteObject(kc, nodeResource, undefined, name);
    },
  };
  return cluster;
}

export function readyOf(
  object: { status?: { conditions?: { type: string; status: string; reason?: string }[] } } | undefined,
) {
  return object?.status?.conditions?.find((c) => c.type === 'Ready');
}
