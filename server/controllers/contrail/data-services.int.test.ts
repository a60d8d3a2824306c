import { type V1ConfigMap, type V1Secret } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tools/testenv/eventually';
import { ordinal } from '../../../tools/testenv/pod-roll';
import { kubeRequestJson } from '../../kube/kube-request';
import { collectionPath, configMapResource, podResource, secretResource } from '../../kube/resource';
import { cassandraResource, zookeeperResource, type Cassandra, type Zookeeper } from '../../types/crds';
import { MEMBERS_KEY } from './data-service-config';
import { contrailTestCluster, kc, readyOf, TEST_LABEL } from '../../../tools/testenv/contrail-test-cluster';

// Cassandra and ZooKeeper against the real control plane: kwok runs their pods on simulated nodes.
const t = contrailTestCluster('ct-data');

beforeAll(async () => {
  // 11 nodes: ZooKeeper scales to 11 with one pod per node.
  for (let i = 0; i < 11; i++) await t.createNode(`d${i}`, { role: 'data' });
  await t.start();
}, 120_000);

afterAll(() => t.stop());

const dataCommon = (replicas: number) => ({
  replicas,
  nodeSelector: { [TEST_LABEL]: t.id, role: 'data' },
  tolerations: t.tolerations,
});

describe('Cassandra', () => {
  it('gives a 3-replica Cassandra three <podIP>.yaml keys and a quorum seed list', async () => {
    await t.create(cassandraResource, {
      apiVersion: 'contrail.juniper.net/v1alpha1',
      kind: 'Cassandra',
      metadata: { name: 'db', namespace: t.namespace },
      spec: { commonConfiguration: dataCommon(3), serviceConfiguration: {} },
    } as Cassandra);
    const { pods, data } = await eventually(
      async () => {
        const pods = (await t.podsOf('cassandra', 'db')).filter((p) => p.status?.podIP);
        expect(pods).toHaveLength(3);
        const configMap = await t.get<V1ConfigMap>(configMapResource, 'db-cassandra-configmap');
        const data = configMap?.data ?? {};
        expect(
          Object.keys(data)
            .filter((k) => k.endsWith('.yaml'))
            .sort(),
        ).toEqual(pods.map((p) => `${p.status?.podIP ?? ''}.yaml`).sort());
        const cassandra = await t.get<Cassandra>(cassandraResource, 'db');
        expect(cassandra?.status?.active).toBe(true);
        expect(cassandra?.status?.readyReplicas).toBe(3);
        return { pods, data };
      },
      90_000,
      500,
    );
    const ips = new Set(pods.map((p) => p.status?.podIP));
    const seeds = await eventually(
      async () => {
        const text =
          (await t.get<V1ConfigMap>(configMapResource, 'db-cassandra-configmap'))?.data?.[
            `${pods[0]?.status?.podIP ?? ''}.yaml`
          ] ?? '';
        const seeds = /seeds: "([^"]*)"/.exec(text)?.[1]?.split(',') ?? [];
        expect(seeds).toHaveLength(2);
        return seeds;
      },
      30_000,
      500,
    );
    for (const seed of seeds) expect(ips.has(seed)).toBe(true);
    expect(Object.keys(data)).toContain('jvm.env');
    const cassandra = await t.get<Cassandra>(cassandraResource, 'db');
    expect(readyOf(cassandra)).toMatchObject({ status: 'True', reason: 'Active' });
    expect(cassandra?.status?.nodes && Object.keys(cassandra.status.nodes)).toHaveLength(3);
    expect(cassandra?.status?.ports).toEqual({ port: '9160', cqlPort: '9042', jmxPort: '7200' });
    // The generated Secret is created once and kept.
    const secret = await t.get<V1Secret>(secretResource, 'db-secret');
    expect(Object.keys(secret?.data ?? {}).sort()).toEqual(['keystorePassword', 'truststorePassword']);
  }, 120_000);
});

describe('ZooKeeper', () => {
  it('scales 3 → 11 with myids 1..11 and no duplicate, then drops the keys of pods that are gone', async () => {
    await t.create(zookeeperResource, {
      apiVersion: 'contrail.juniper.net/v1alpha1',
      kind: 'Zookeeper',
      metadata: { name: 'zk', namespace: t.namespace },
      spec: { commonConfiguration: dataCommon(3), serviceConfiguration: {} },
    } as Zookeeper);
    const myids = async (count: number) =>
      eventually(
        async () => {
          const data = (await t.get<V1ConfigMap>(configMapResource, 'zk-zookeeper-configmap'))?.data ?? {};
          const pods = (await t.podsOf('zookeeper', 'zk')).filter(
            (p) => p.status?.podIP && !p.metadata?.deletionTimestamp,
          );
          expect(pods).toHaveLength(count);
          const keys = Object.keys(data).filter((k) => k.startsWith('myid.'));
          expect(keys.sort()).toEqual(pods.map((p) => `myid.${p.status?.podIP ?? ''}`).sort());
          const zookeeper = await t.get<Zookeeper>(zookeeperResource, 'zk');
          expect(zookeeper?.status?.active).toBe(true);
          return { data, pods, ids: keys.map((k) => Number(data[k])).sort((a, b) => a - b) };
        },
        120_000,
        500,
      );
    expect((await myids(3)).ids).toEqual([1, 2, 3]);
    await t.merge(zookeeperResource, 'zk', { spec: { commonConfiguration: { replicas: 11 } } });
    const eleven = await myids(11);
    expect(eleven.ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const dynamic = eleven.data[`zoo.cfg.dynamic.${eleven.pods[0]?.status?.podIP ?? ''}`] ?? '';
    expect(dynamic.trim().split('\n')).toHaveLength(11);
    expect(dynamic).toContain('server.11=');

    // A pod's IP changes (as after a restart on another network; set through the status
    // subresource, since the simulator may hand a recreated pod its old address back): the old
    // key goes, the new one appears with the same myid.
    const victim = 'zk-zookeeper-statefulset-10';
    const oldIp = eleven.pods.find((p) => p.metadata?.name === victim)?.status?.podIP ?? '';
    const newIp = `10.97.${t.id.length}.${11 + (Number.parseInt(t.id.slice(0, 2), 16) % 200)}`;
    await kubeRequestJson(kc, `${collectionPath(podResource, t.namespace)}/${victim}/status`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { status: { podIP: newIp, podIPs: [{ ip: newIp }] } },
    });
    await eventually(
      async () => {
        const data = (await t.get<V1ConfigMap>(configMapResource, 'zk-zookeeper-configmap'))?.data ?? {};
        expect(data[`myid.${oldIp}`]).toBeUndefined();
        expect(data[`myid.${newIp}`]).toBe('11');
        expect(Object.keys(data).filter((k) => k.startsWith('myid.'))).toHaveLength(11);
      },
      60_000,
      500,
    );

    await t.merge(zookeeperResource, 'zk', { spec: { commonConfiguration: { replicas: 3 } } });
    // kwok runs no probe: the pod the live size asks to leave (ordinal at or above it) is turned not
    // ready here, as its probe would once it has left the ensemble; the StatefulSet then deletes it.
    await eventually(
      async () => {
        const members = Number(
          (await t.get<V1ConfigMap>(configMapResource, 'zk-zookeeper-configmap'))?.data?.[MEMBERS_KEY],
        );
        const pods = await t.podsOf('zookeeper', 'zk');
        const leaving = pods.map((p) => p.metadata?.name ?? '').filter((name) => ordinal(name) >= members);
        if (leaving.length > 0) await t.setPodsReady('zookeeper', 'zk', false, leaving);
        expect(pods).toHaveLength(3);
      },
      240_000,
      500,
    );
    expect((await myids(3)).ids).toEqual([1, 2, 3]);
  }, 400_000);
});
