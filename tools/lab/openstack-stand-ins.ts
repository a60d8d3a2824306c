/**
 * SIMULATED STAND-INS for the OpenStack operators a PlacementAPI depends on (mariadb-operator,
 * keystone-operator, Multus, MetalLB, infra-operator's Topology). Nothing here is a real operator:
 * the CRDs are schemaless shells labelled `rackpilot.io/simulated-stand-in`, and the simulator marks
 * their objects Ready the way lib-common's test helpers do (SimulateMariaDBDatabaseCompleted,
 * SimulateKeystoneServiceReady, SimulateLoadBalancerServiceIP, …). Used by the lab and by tests.
 */
import type { KubeConfig, V1CustomResourceDefinition, V1Pod, V1Service } from '@kubernetes/client-node';
import { applyObject, isNotFound, mergePatch } from '../../server/kube/apply';
import { installCrds } from '../../server/kube/install-crds';
import { kubeRequestJson } from '../../server/kube/kube-request';
import {
  collectionPath,
  podResource,
  serviceResource,
  type ResourceDescriptor,
} from '../../server/kube/resource';

export const STAND_IN_LABEL = 'rackpilot.io/simulated-stand-in';

interface StandIn {
  group: string;
  version: string;
  kind: string;
  plural: string;
  /** Whose objects these are in a real deployment. */
  operator: string;
}

export const STAND_INS: StandIn[] = [
  {
    group: 'mariadb.openstack.org',
    version: 'v1beta1',
    kind: 'MariaDBAccount',
    plural: 'mariadbaccounts',
    operator: 'mariadb-operator',
  },
  {
    group: 'mariadb.openstack.org',
    version: 'v1beta1',
    kind: 'MariaDBDatabase',
    plural: 'mariadbdatabases',
    operator: 'mariadb-operator',
  },
  {
    group: 'keystone.openstack.org',
    version: 'v1beta1',
    kind: 'KeystoneAPI',
    plural: 'keystoneapis',
    operator: 'keystone-operator',
  },
  {
    group: 'keystone.openstack.org',
    version: 'v1beta1',
    kind: 'KeystoneService',
    plural: 'keystoneservices',
    operator: 'keystone-operator',
  },
  {
    group: 'keystone.openstack.org',
    version: 'v1beta1',
    kind: 'KeystoneEndpoint',
    plural: 'keystoneendpoints',
    operator: 'keystone-operator',
  },
  {
    group: 'k8s.cni.cncf.io',
    version: 'v1',
    kind: 'NetworkAttachmentDefinition',
    plural: 'network-attachment-definitions',
    operator: 'Multus',
  },
  {
    group: 'topology.openstack.org',
    version: 'v1beta1',
    kind: 'Topology',
    plural: 'topologies',
    operator: 'infra-operator',
  },
];

export function standInResource(kind: string): ResourceDescriptor {
  const standIn = STAND_INS.find((s) => s.kind === kind);
  if (!standIn) throw new Error(`no stand-in for ${kind}`);
  return { group: standIn.group, version: standIn.version, kind, plural: standIn.plural, namespaced: true };
}

export function standInCrd(standIn: StandIn): V1CustomResourceDefinition {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${standIn.plural}.${standIn.group}`, labels: { [STAND_IN_LABEL]: 'true' } },
    spec: {
      group: standIn.group,
      names: {
        kind: standIn.kind,
        plural: standIn.plural,
        singular: standIn.kind.toLowerCase(),
        listKind: `${standIn.kind}List`,
      },
      scope: 'Namespaced',
      versions: [
        {
          name: standIn.version,
          served: true,
          storage: true,
          subresources: { status: {} },
          schema: {
            openAPIV3Schema: {
              description: `Simulated stand-in for ${standIn.operator}'s ${standIn.kind} (Rackpilot lab; not the real CRD).`,
              type: 'object',
              // The client's type spells it x_kubernetes_…; the API server reads the JSON name.
              ...{ 'x-kubernetes-preserve-unknown-fields': true },
            },
          },
        },
      ],
    },
  };
}

/** Installs the stand-in CRDs (idempotent) and waits until they are served. */
export async function installStandInCrds(kc: KubeConfig): Promise<void> {
  await installCrds(kc, STAND_INS.map(standInCrd));
}

function readyStatus(now: Date, extra: Record<string, unknown> = {}) {
  return {
    ...extra,
    conditions: [
      {
        type: 'Ready',
        status: 'True',
        reason: 'Ready',
        message: 'Setup complete (simulated)',
        lastTransitionTime: `${now.toISOString().slice(0, 19)}Z`,
      },
    ],
  };
}

/** One merge patch the simulator sends. */
export interface SimulatedPatch {
  resource: ResourceDescriptor;
  namespace: string;
  name: string;
  body: unknown;
  subresource?: 'status';
}

async function send(kc: KubeConfig, patch: SimulatedPatch): Promise<void> {
  await mergePatch(kc, patch.resource, patch.namespace, patch.name, patch.body, patch.subresource);
}

/** lib-common's Simulate*Ready: the named object's Ready condition set True. */
export function readyPatch(kind: string, namespace: string, name: string, now: Date): SimulatedPatch {
  return {
    resource: standInResource(kind),
    namespace,
    name,
    body: { status: readyStatus(now) },
    subresource: 'status',
  };
}

export function simulateReady(kc: KubeConfig, kind: string, namespace: string, name: string): Promise<void> {
  return send(kc, readyPatch(kind, namespace, name, new Date()));
}

/** MetalLB stand-in: a LoadBalancer Service gets an ingress IP. */
export function loadBalancerPatch(namespace: string, name: string, ip: string): SimulatedPatch {
  const body = { status: { loadBalancer: { ingress: [{ ip }] } } };
  return { resource: serviceResource, namespace, name, body, subresource: 'status' };
}

export function simulateLoadBalancerIP(kc: KubeConfig, namespace: string, name: string, ip: string) {
  return send(kc, loadBalancerPatch(namespace, name, ip));
}

/** Multus's network-status for a pod that asks for attachments: one IP per attachment. */
export function networkStatusFor(requested: string, index: number): string {
  const networks = JSON.parse(requested) as { name: string; namespace: string }[];
  return JSON.stringify(
    networks.map((network, n) => ({
      name: `${network.namespace}/${network.name}`,
      interface: network.name,
      ips: [`172.17.${n}.${(index % 200) + 30}`],
    })),
  );
}

const NETWORKS = 'k8s.v1.cni.cncf.io/networks';
const NETWORK_STATUS = 'k8s.v1.cni.cncf.io/network-status';

export interface Listed {
  metadata?: { name?: string; namespace?: string };
  status?: { conditions?: { type: string; status: string }[] };
}

/** The simulated kinds whose objects a real operator would make Ready. */
export const SIMULATED_READY_KINDS = [
  'MariaDBAccount',
  'MariaDBDatabase',
  'KeystoneService',
  'KeystoneEndpoint',
];

/**
 * What a real operator would have finished by now: dependency objects not yet Ready, LoadBalancer
 * Services without an address, pods that asked for attachments without a network-status.
 */
export function simulationPatches(
  dependencies: { kind: string; objects: Listed[] }[],
  services: V1Service[],
  pods: V1Pod[],
  now: Date,
): SimulatedPatch[] {
  const patches: SimulatedPatch[] = [];
  for (const { kind, objects } of dependencies) {
    for (const object of objects) {
      if (object.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')) continue;
      patches.push(readyPatch(kind, object.metadata?.namespace ?? '', object.metadata?.name ?? '', now));
    }
  }
  for (const [index, service] of services.entries()) {
    if (service.spec?.type !== 'LoadBalancer' || service.status?.loadBalancer?.ingress?.length) continue;
    const { namespace = '', name = '' } = service.metadata ?? {};
    patches.push(loadBalancerPatch(namespace, name, `192.168.122.${80 + index}`));
  }
  for (const [index, pod] of pods.entries()) {
    const annotations = pod.metadata?.annotations ?? {};
    const requested = annotations[NETWORKS];
    if (!requested || annotations[NETWORK_STATUS]) continue;
    const body = { metadata: { annotations: { [NETWORK_STATUS]: networkStatusFor(requested, index) } } };
    patches.push({
      resource: podResource,
      namespace: pod.metadata?.namespace ?? '',
      name: pod.metadata?.name ?? '',
      body,
    });
  }
  return patches;
}

async function listAll<T>(kc: KubeConfig, resource: ResourceDescriptor, query = {}): Promise<T[]> {
  const list = await kubeRequestJson<{ items?: T[] }>(kc, collectionPath(resource), { query });
  return list.items ?? [];
}

/** One pass of the simulator over every namespace. */
export async function simulateOnce(kc: KubeConfig): Promise<void> {
  const dependencies = await Promise.all(
    SIMULATED_READY_KINDS.map(async (kind) => ({
      kind,
      objects: await listAll<Listed>(kc, standInResource(kind)),
    })),
  );
  const selector = { labelSelector: 'service=placement' };
  const services = await listAll<V1Service>(kc, serviceResource, selector);
  const pods = await listAll<V1Pod>(kc, podResource, selector);
  for (const patch of simulationPatches(dependencies, services, pods, new Date())) await send(kc, patch);
}

/** What an OpenStack control plane namespace has before a PlacementAPI: Keystone and the internalapi network. */
export function openStackNamespaceObjects(namespace: string, now: Date) {
  const keystone = {
    apiVersion: 'keystone.openstack.org/v1beta1',
    kind: 'KeystoneAPI',
    metadata: { name: 'keystone', namespace },
    spec: { region: 'regionOne' },
  };
  const network = {
    apiVersion: 'k8s.cni.cncf.io/v1',
    kind: 'NetworkAttachmentDefinition',
    metadata: { name: 'internalapi', namespace },
    spec: { config: JSON.stringify({ cniVersion: '0.3.1', name: 'internalapi', type: 'macvlan' }) },
  };
  const endpoints = {
    internal: `http://keystone-internal.${namespace}.svc:5000`,
    public: `http://keystone-public.${namespace}.svc:5000`,
  };
  const keystoneReady: SimulatedPatch = {
    resource: standInResource('KeystoneAPI'),
    namespace,
    name: 'keystone',
    body: { status: readyStatus(now, { apiEndpoints: endpoints }) },
    subresource: 'status',
  };
  return { objects: [keystone, network], keystoneReady };
}

export async function seedOpenStackNamespace(kc: KubeConfig, namespace: string): Promise<void> {
  const { objects, keystoneReady } = openStackNamespaceObjects(namespace, new Date());
  for (const object of objects) await applyObject(kc, standInResource(object.kind), object);
  await send(kc, keystoneReady);
}

/** Runs the simulator every `intervalMs` until the signal aborts; failures are logged and retried. */
export function runStandInSimulator(
  kc: KubeConfig,
  options: { intervalMs: number; signal: AbortSignal; log: (line: string) => void },
): Promise<void> {
  return new Promise((resolve) => {
    let lastError = '';
    const tick = async () => {
      try {
        await simulateOnce(kc);
        lastError = '';
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // A namespace going away mid-pass is normal; log each new failure once.
        if (!isNotFound(error) && message !== lastError) options.log(`openstack stand-ins: ${message}`);
        lastError = message;
      }
    };
    const timer = setInterval(() => void tick(), options.intervalMs);
    void tick();
    options.signal.addEventListener(
      'abort',
      () => {
        clearInterval(timer);
        resolve();
      },
      { once: true },
    );
  });
}
