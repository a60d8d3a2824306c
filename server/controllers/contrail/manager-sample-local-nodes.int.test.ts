// Upstream's Manager sample, unchanged, on the local cluster's own simulated nodes (those `npm start`
// makes), one labelled as a master and one as a vRouter node, as a user would: with `hostNetwork:
// true` its data services' pods take the node's InternalIP, so their per-pod configuration renders
// and they go active, then Config, Control, Kubemanager, Webui, ProvisionManager and the vRouters;
// the Manager is Ready with every service active; with Config's pods made not ready its Ready goes
// False naming Config, and comes back.
import type { V1Node, V1Pod } from '@kubernetes/client-node';
import { expect, it } from 'vitest';
import { ensureSimulatedNodes, simulatedNodes } from '../../../tools/controlplane/kwok-nodes';
import { ALL_ACTIVE } from '../../../tools/testenv/contrail-manager-test';
import { kc } from '../../../tools/testenv/contrail-test-cluster';
import { eventually } from '../../../tools/testenv/eventually';
import {
  expectSampleNamesConfigNotReady,
  MASTER_LABEL,
  nodePath,
  sampleManager,
  sampleOnLocalNodes,
  VROUTER_LABEL,
} from '../../../tools/testenv/local-nodes-sample';
import { upstreamFixture } from '../../../tools/testenv/upstream-shapes';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import { collectionPath, podResource } from '../../kube/resource';
import {
  cassandraResource,
  managerResource,
  rabbitmqResource,
  zookeeperResource,
  type Manager,
} from '../../types/crds';

const [sample] = upstreamFixture('contrail-operator/cr-manager.yaml').objects as unknown as Manager[];
const namespace = sample?.metadata.namespace ?? '';
const master = simulatedNodes.find((node) => node.role === 'control-plane');
const worker = simulatedNodes.find((node) => node.role === 'worker');

sampleOnLocalNodes(sample, [
  [master?.name ?? '', MASTER_LABEL, ''],
  [worker?.name ?? '', VROUTER_LABEL, 'vrouter'],
]);

it('gives a node of an older cluster, made without an address, its InternalIP', async () => {
  if (!master) throw new Error('no control-plane node');
  const addressesOf = async () =>
    (await kubeGetJson<V1Node>(kc, nodePath(master.name))).status?.addresses ?? [];
  const others = (await addressesOf()).filter((a) => a.type !== 'InternalIP');
  await kubeRequestJson(kc, `${nodePath(master.name)}/status`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { status: { addresses: others } },
  });
  expect((await addressesOf()).some((a) => a.type === 'InternalIP')).toBe(false);
  await ensureSimulatedNodes(kc);
  expect(await addressesOf()).toEqual([...others, { type: 'InternalIP', address: master.address }]);
});

it("gets upstream's hostNetwork sample active and Ready on the local cluster's nodes", async () => {
  if (!sample || !master) throw new Error('no Manager sample or no control-plane node');
  await kubeRequestJson(kc, collectionPath(managerResource, namespace), { method: 'POST', body: sample });
  const services = sample.spec.services ?? {};
  const children = [
    [cassandraResource, services.cassandras?.[0]?.metadata.name, 'cassandra'],
    [zookeeperResource, services.zookeepers?.[0]?.metadata.name, 'zookeeper'],
    [rabbitmqResource, services.rabbitmq?.metadata.name, 'rabbitmq'],
  ] as const;
  await eventually(
    async () => {
      for (const [resource, name = '', type] of children) {
        const child = await kubeGetJson<{ status?: { active?: boolean } }>(
          kc,
          `${collectionPath(resource, namespace)}/${name}`,
        );
        expect({ name, active: child.status?.active }).toEqual({ name, active: true });
        const pods = await kubeGetJson<{ items: V1Pod[] }>(kc, collectionPath(podResource, namespace), {
          labelSelector: `contrail_manager=${type},${type}=${name}`,
        });
        // hostNetwork: the pod's IP is the node's InternalIP, as on a real cluster.
        expect(pods.items.map((pod) => [pod.spec?.nodeName, pod.status?.podIP])).toEqual([
          [master.name, master.address],
        ]);
      }
    },
    180_000,
    1000,
  );
  // Every service the sample asks for Rackpilot runs and each goes active: the Manager is Ready.
  await eventually(
    async () => {
      const manager = await sampleManager(sample);
      expect(manager.status?.notManaged).toEqual([]);
      expect(manager.status?.conditions?.[0]).toMatchObject(ALL_ACTIVE);
    },
    240_000,
    1000,
  );
  await expectSampleNamesConfigNotReady(sample);
}, 540_000);
