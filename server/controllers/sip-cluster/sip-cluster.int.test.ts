import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig, type V1Deployment, type V1Secret } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tools/testenv/eventually';
import { labHosts } from '../../../tools/lab/lab-hosts';
import { generateEd25519SshKey } from '../../../tools/lab/ssh-key';
import { startControllers, type ControllerHarness } from '../../../tools/testenv/controller-harness';
import { createFixtureObject, fixtureObject } from '../../../tools/testenv/upstream-shapes';
import { applyObject, mergePatch } from '../../kube/apply';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import { collectionPath, deploymentResource, secretResource, serviceResource } from '../../kube/resource';
import {
  FLAVOR_LABEL,
  RACK_LABEL,
  SIP_CLUSTER_NAME_LABEL,
  SIP_NODE_TYPE_LABEL,
} from '../../schemas/host-labels';
import {
  bareMetalHostResource,
  sipClusterResource,
  type BareMetalHost,
  type SIPCluster,
} from '../../types/crds';

const kc = new KubeConfig();
kc.loadFromDefault();
const run = randomBytes(3).toString('hex');
const namespace = `sip-${run}`;
/** Every selector includes this label, so hosts left by other tests can never be picked. */
const RUN_LABEL = 'test.rackpilot.io/run';
let harness: ControllerHarness;

async function hosts(): Promise<BareMetalHost[]> {
  const list = await kubeGetJson<{ items: BareMetalHost[] }>(
    kc,
    collectionPath(bareMetalHostResource, namespace),
  );
  return list.items;
}

async function cluster(name: string): Promise<SIPCluster | undefined> {
  try {
    return await kubeGetJson<SIPCluster>(kc, `${collectionPath(sipClusterResource, namespace)}/${name}`);
  } catch {
    return undefined;
  }
}

function readyOf(object: SIPCluster | undefined) {
  return object?.status?.conditions?.find((c) => c.type === 'Ready');
}

function sipCluster(
  name: string,
  spec: { cp: [number, number]; workers: number; workerSelector?: string; portBase?: number },
): SIPCluster {
  // Node ports are cluster-wide: clusters that exist at the same time need their own.
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

async function create(object: SIPCluster): Promise<void> {
  await kubeRequestJson(kc, collectionPath(sipClusterResource, namespace), { method: 'POST', body: object });
}

async function remove(name: string): Promise<void> {
  await kubeRequestJson(kc, `${collectionPath(sipClusterResource, namespace)}/${name}`, { method: 'DELETE' });
}

/** A worker of flavor `twin` whose service-network address is `ip`, reported available. */
async function twinHost(name: string, index: number, ip: string): Promise<void> {
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
        [FLAVOR_LABEL]: 'twin',
        [RACK_LABEL]: `twin-rack-${index}`,
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

function labelledFor(all: BareMetalHost[], name: string): BareMetalHost[] {
  return all.filter((h) => h.metadata.labels?.[SIP_CLUSTER_NAME_LABEL] === name);
}

beforeAll(async () => {
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
  harness = await startControllers(kc, ['sip']);
}, 120_000);

afterAll(async () => {
  await harness.stop();
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

describe('SIPCluster controller on the real API server', () => {
  it('schedules 2+1 control-plane hosts on distinct racks and 3 workers, runs the services, then releases all', async () => {
    await create(sipCluster('tenant-a', { cp: [2, 1], workers: 3 }));
    const ready = await eventually(async () => {
      const current = await cluster('tenant-a');
      expect(readyOf(current)?.status, readyOf(current)?.message).toBe('True');
      return current;
    });
    expect(readyOf(ready)?.reason).toBe('ReconciliationSucceeded');
    expect(readyOf(ready)?.observedGeneration).toBe(ready?.metadata.generation);
    expect(ready?.metadata.finalizers).toContain('sip.airship.airshipit.org/finalizer');

    const mine = labelledFor(await hosts(), 'tenant-a');
    const controlPlane = mine.filter((h) => h.metadata.labels?.[SIP_NODE_TYPE_LABEL] === 'ControlPlane');
    const workers = mine.filter((h) => h.metadata.labels?.[SIP_NODE_TYPE_LABEL] === 'Worker');
    expect(controlPlane).toHaveLength(3);
    expect(new Set(controlPlane.map((h) => h.metadata.labels?.[RACK_LABEL])).size).toBe(3);
    expect(workers).toHaveLength(3);

    for (const name of [
      'loadbalancer-controlplane-tenant-a',
      'loadbalancer-worker-tenant-a',
      'jumphost-tenant-a',
    ]) {
      await kubeGetJson(kc, `${collectionPath(deploymentResource, namespace)}/${name}`);
      await kubeGetJson(kc, `${collectionPath(serviceResource, namespace)}/${name}`);
    }

    // Lower the worker count: the surplus host is released.
    await kubeRequestJson(kc, `${collectionPath(sipClusterResource, namespace)}/tenant-a`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { spec: { nodes: { Worker: { count: { active: 2, standby: 0 } } } } },
    });
    await eventually(async () => {
      const workersNow = labelledFor(await hosts(), 'tenant-a').filter(
        (h) => h.metadata.labels?.[SIP_NODE_TYPE_LABEL] === 'Worker',
      );
      expect(workersNow).toHaveLength(2);
    });

    await remove('tenant-a');
    await eventually(async () => {
      expect(await cluster('tenant-a')).toBeUndefined();
      expect(labelledFor(await hosts(), 'tenant-a')).toEqual([]);
    });
  });

  it('never labels anything when a role cannot be satisfied, and says why', async () => {
    await create(sipCluster('too-big', { cp: [1, 0], workers: 50 }));
    const current = await eventually(async () => {
      const found = await cluster('too-big');
      expect(readyOf(found)?.reason).toBe('Unschedulable');
      return found;
    });
    expect(readyOf(current)?.status).toBe('False');
    expect(readyOf(current)?.message).toMatch(/Worker/);
    expect(labelledFor(await hosts(), 'too-big')).toEqual([]);
    await remove('too-big');
    await eventually(async () => {
      expect(await cluster('too-big')).toBeUndefined();
    });
  });

  it('schedules only available hosts nothing holds back, and a waiting cluster says where the candidates stand', async () => {
    // The lab's 12 workers: 8 available (one of them returned), 2 provisioned, 1 inspecting and 1
    // available but with its BMC in error.
    await create(sipCluster('picky', { cp: [1, 0], workers: 9, portBase: 30300 }));
    const waiting = await eventually(async () => {
      const found = readyOf(await cluster('picky'));
      expect(found?.reason).toBe('Unschedulable');
      return found;
    });
    expect(waiting?.message).toContain(
      'Worker: 9 wanted, 8 schedulable (selector rackpilot.io/flavor=worker,' +
        `test.rackpilot.io/run=${run}, one per kubernetes.io/hostname),` +
        ' candidates: 8 available, 2 provisioned, 1 in error, 1 inspecting',
    );
    expect(labelledFor(await hosts(), 'picky')).toEqual([]);

    await kubeRequestJson(kc, `${collectionPath(sipClusterResource, namespace)}/picky`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { spec: { nodes: { Worker: { count: { active: 8, standby: 0 } } } } },
    });
    await eventually(async () => {
      expect(labelledFor(await hosts(), 'picky')).toHaveLength(9);
    });
    const workers = labelledFor(await hosts(), 'picky').filter(
      (h) => h.metadata.labels?.[SIP_NODE_TYPE_LABEL] === 'Worker',
    );
    expect(workers.map((h) => h.status?.provisioning?.state)).toEqual(Array(8).fill('available'));
    expect(workers.map((h) => h.metadata.name)).not.toContain('r3-wk-03');
    expect(workers.map((h) => h.metadata.name)).not.toContain('r4-wk-03');
    await remove('picky');
    await eventually(async () => {
      expect(labelledFor(await hosts(), 'picky')).toEqual([]);
    });
  });

  it("runs the jump host when two hosts share a service address (upstream's sample hosts do)", async () => {
    for (const [index, name] of ['twin-a', 'twin-b'].entries()) {
      await twinHost(name, index + 1, '10.99.0.5');
    }
    await create(sipCluster('twins', { cp: [1, 0], workers: 2, workerSelector: 'twin', portBase: 30400 }));
    await eventually(async () => {
      const ready = readyOf(await cluster('twins'));
      expect(ready?.status, ready?.message).toBe('True');
    });
    const jumpHost = await kubeGetJson<V1Deployment>(
      kc,
      `${collectionPath(deploymentResource, namespace)}/jumphost-twins`,
    );
    expect(jumpHost.spec?.template.spec?.hostAliases).toContainEqual({
      ip: '10.99.0.5',
      hostnames: ['twin-a', 'twin-b'],
    });
    await remove('twins');
    await eventually(async () => {
      expect(await cluster('twins')).toBeUndefined();
    });
  });

  it("reports a service object the API server refuses as InfraServiceFailure, in the API server's words", async () => {
    // A Service outside SIP holds the jump host's node port.
    await kubeRequestJson(kc, collectionPath(serviceResource, namespace), {
      method: 'POST',
      body: {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'port-squatter' },
        spec: { type: 'NodePort', selector: { app: 'none' }, ports: [{ port: 22, nodePort: 30500 }] },
      },
    });
    await create(sipCluster('blocked', { cp: [1, 0], workers: 1, portBase: 30500 }));
    const failed = await eventually(async () => {
      const ready = readyOf(await cluster('blocked'));
      expect(ready?.reason).toBe('InfraServiceFailure');
      return ready;
    });
    expect(failed?.status).toBe('False');
    expect(failed?.message).toMatch(/^service objects rejected: .*30500.*already allocated/);
    expect(failed?.message).not.toMatch(/\/api\/v1|https?:/);

    await kubeRequestJson(kc, `${collectionPath(serviceResource, namespace)}/port-squatter`, {
      method: 'DELETE',
    });
    // The controller looks again on its own after a failure (every 30 s).
    await eventually(async () => {
      const ready = readyOf(await cluster('blocked'));
      expect(ready?.status, ready?.message).toBe('True');
    }, 90_000);
    await remove('blocked');
    await eventually(async () => {
      expect(await cluster('blocked')).toBeUndefined();
    });
  }, 120_000);

  it('gives two clusters with overlapping selectors disjoint hosts', async () => {
    // Both ask for 3 of the 8 control-plane hosts (one per rack) and 4 of the 8 available workers.
    await Promise.all([
      create(sipCluster('left', { cp: [2, 1], workers: 4, portBase: 30100 })),
      create(sipCluster('right', { cp: [2, 1], workers: 4, portBase: 30200 })),
    ]);
    await eventually(async () => {
      for (const name of ['left', 'right']) {
        const ready = readyOf(await cluster(name));
        expect(ready?.status, `${name}: ${ready?.message ?? ''}`).toBe('True');
      }
    });
    const all = await hosts();
    const left = labelledFor(all, 'left').map((h) => h.metadata.name);
    const right = labelledFor(all, 'right').map((h) => h.metadata.name);
    expect(left).toHaveLength(7);
    expect(right).toHaveLength(7);
    expect(left.filter((name) => right.includes(name))).toEqual([]);
    await Promise.all([remove('left'), remove('right')]);
    await eventually(async () => {
      expect(labelledFor(await hosts(), 'left')).toEqual([]);
      expect(labelledFor(await hosts(), 'right')).toEqual([]);
    });
  });

  it("reconciles upstream's sample (tests/fixtures/upstream-shapes): a verdict for its generation", async () => {
    const sample = fixtureObject('sip/sipcluster-sample.yaml', 'SIPCluster');
    await createFixtureObject(kc, sample, namespace);
    const verdict = await eventually(async () => {
      const found = await cluster(sample.metadata.name);
      expect(readyOf(found)?.reason ?? 'Progressing').not.toBe('Progressing');
      return found;
    });
    expect(readyOf(verdict)?.observedGeneration).toBe(verdict?.metadata.generation);
    await remove(sample.metadata.name);
    await eventually(async () => expect(await cluster(sample.metadata.name)).toBeUndefined());
  });
});
