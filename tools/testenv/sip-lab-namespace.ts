/**
 * Test-only: a namespace of the hardware lab's hosts (and their Secrets) for the SIP controller's
 * integration tests, and what those tests do in it. Each test file gets its own (vitest isolates
 * modules per file), so its selectors never reach another file's hosts. Not imported by product code.
 */
import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig, type V1Secret } from '@kubernetes/client-node';
import { labHosts } from '../lab/lab-hosts';
import { generateEd25519SshKey } from '../../server/lib/ssh-key-pair';
import { startControllers, type ControllerHarness } from './controller-harness';
import { applyObject, mergePatch } from '../../server/kube/apply';
import { kubeGetJson, kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath, secretResource } from '../../server/kube/resource';
import { FLAVOR_LABEL, RACK_LABEL, SIP_CLUSTER_NAME_LABEL } from '../../server/schemas/host-labels';
import {
  bareMetalHostResource,
  sipClusterResource,
  type BareMetalHost,
  type SIPCluster,
} from '../../server/types/crds';

export const kc = new KubeConfig();
kc.loadFromDefault();
export const run = randomBytes(3).toString('hex');
export const namespace = `sip-${run}`;
/** Every selector includes this label, so hosts left by other tests can never be picked. */
const RUN_LABEL = 'test.rackpilot.io/run';

export async function hosts(): Promise<BareMetalHost[]> {
  const list = await kubeGetJson<{ items: BareMetalHost[] }>(
    kc,
    collectionPath(bareMetalHostResource, namespace),
  );
  return list.items;
}

export async function cluster(name: string): Promise<SIPCluster | undefined> {
  try {
    return await kubeGetJson<SIPCluster>(kc, `${collectionPath(sipClusterResource, namespace)}/${name}`);
  } catch {
    return undefined;
  }
}

export function readyOf(object: SIPCluster | undefined) {
  return object?.status?.conditions?.find((c) => c.type === 'Ready');
}

export function sipCluster(
  name: string,
  spec: { cp: [number, number]; workers: number; workerSelector?: string; portBase?: number },
): SIPCluster {
  // Node ports are cluster-wide: clusters that exist at the same time need their own. They stay below
  // 30086, the static band of the default range that the API server hands to a Service without a
  // node port only when the rest is full: tests in other files create such Services meanwhile.
  const port = spec.portBase ?? 30000;
  return {
    apiVersion: 'airship.airshipit.org/v1',
    kind: 'SIPCluster',
    metadata: { name, namespace },
    spec: {
      nodes: {
        ControlPlane: {
          labelSelector: { matchLabels: { [FLAVOR_LABEL]: 'control-plane', [RUN_LABEL]: run } },
          topologyKey: RACK_LABEL,
          count: { active: spec.cp[0], standby: spec.cp[1] },
        },
        Worker: {
          labelSelector: {
            matchLabels: { [FLAVOR_LABEL]: spec.workerSelector ?? 'worker', [RUN_LABEL]: run },
          },
          topologyKey: 'kubernetes.io/hostname',
          count: { active: spec.workers, standby: 0 },
        },
      },
      services: {
        loadBalancerControlPlane: [
          { image: 'haproxy:2.3.2', nodeInterfaceId: 'oam-ipv4', nodePort: port + 1 },
        ],
        loadBalancerWorker: [
          {
            image: 'haproxy:2.3.2',
            nodeInterfaceId: 'oam-ipv4',
            nodePortRange: { start: port + 2, end: port + 4 },
          },
        ],
        jumpHost: [
          {
            image: 'quay.io/airshipit/jump-host:latest',
            nodeInterfaceId: 'oam-ipv4',
            nodePort: port,
            nodeSSHPrivateKeys: 'ssh-private-keys',
            sshAuthorizedKeys: [generateEd25519SshKey('operator@example').publicKey],
          },
        ],
      },
    },
  };
}

export async function create(object: SIPCluster): Promise<void> {
  await kubeRequestJson(kc, collectionPath(sipClusterResource, namespace), { method: 'POST', body: object });
}

export async function remove(name: string): Promise<void> {
  await kubeRequestJson(kc, `${collectionPath(sipClusterResource, namespace)}/${name}`, { method: 'DELETE' });
}

/** The networkData Secret of `extraHost(name, …)`: its service-network address is `ip`. */
export async function applyNetworkData(name: string, ip: string): Promise<void> {
  const networkData = {
    links: [{ id: 'eno4', type: 'phy' }],
    networks: [{ id: 'oam-ipv4', type: 'ipv4', link: 'eno4', ip_address: ip, netmask: '255.255.255.0' }],
  };
  await applyObject(kc, secretResource, {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: `${name}-networkdata`, namespace },
    stringData: { networkData: JSON.stringify(networkData) },
  });
}

/**
 * A host of `flavor` whose service-network address is `ip`, reported available; with `networkSecret`
 * false its networkData Secret is named but not created.
 */
export async function extraHost(
  name: string,
  index: number,
  ip: string,
  { flavor = 'twin', networkSecret = true }: { flavor?: string; networkSecret?: boolean } = {},
): Promise<void> {
  if (networkSecret) await applyNetworkData(name, ip);
  await applyObject(kc, secretResource, {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: `${name}-bmc-credentials`, namespace },
    stringData: { username: 'root', password: `pw-${name}` },
  });
  await applyObject(kc, bareMetalHostResource, {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: {
      name,
      namespace,
      labels: {
        [FLAVOR_LABEL]: flavor,
        [RACK_LABEL]: `${flavor}-rack-${index}`,
        'kubernetes.io/hostname': name,
        [RUN_LABEL]: run,
      },
    },
    spec: {
      online: true,
      bmc: {
        address: `redfish+https://10.98.0.${index}/redfish/v1/Systems/System.Embedded.1`,
        credentialsName: `${name}-bmc-credentials`,
      },
      networkData: { name: `${name}-networkdata`, namespace },
    },
  });
  await mergePatch(
    kc,
    bareMetalHostResource,
    namespace,
    name,
    { status: { operationalStatus: 'OK', provisioning: { state: 'available' } } },
    'status',
  );
}

export function labelledFor(all: BareMetalHost[], name: string): BareMetalHost[] {
  return all.filter((h) => h.metadata.labels?.[SIP_CLUSTER_NAME_LABEL] === name);
}

/** The namespace with the jump hosts' key Secret and the lab's hosts, reported as BMO would. */
async function createLabNamespace(): Promise<void> {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  const key = generateEd25519SshKey('sip-test');
  const keySecret: V1Secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'ssh-private-keys', namespace },
    stringData: { id_ed25519: key.privateKey },
  };
  await applyObject(kc, secretResource, keySecret);
  for (const lab of labHosts({ namespace })) {
    await applyObject(kc, secretResource, lab.bmcSecret);
    await applyObject(kc, secretResource, lab.networkDataSecret);
    const host = lab.bareMetalHost;
    await applyObject(kc, bareMetalHostResource, {
      ...host,
      metadata: Object.assign({}, host.metadata, { labels: { ...host.metadata.labels, [RUN_LABEL]: run } }),
    });
    // What BMO would report: the lab's inspecting, provisioned and failing hosts must never be picked.
    await mergePatch(kc, bareMetalHostResource, namespace, lab.name, { status: lab.status }, 'status');
  }
}

/** The lab namespace and the SIP controller over it, for a test file's beforeAll. */
export async function startSipLab(): Promise<ControllerHarness> {
  await createLabNamespace();
  return startControllers(kc, ['sip']);
}

/** Stops what startSipLab started and deletes the namespace. */
export async function stopSipLab(harness: ControllerHarness): Promise<void> {
  await harness.stop();
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
}
