// ZooKeeper and Cassandra scaled up and down on the real control plane (kwok runs the pods): a watch
// of each service's pods (tools/testenv/pod-roll.ts) records the order in which pods come and go and,
// at each step, whether the other pods were ready, so the roll is seen one pod at a time with the
// quorum kept throughout. The scale-down asks one pod at a time to leave (ZooKeeper's ensemble,
// Cassandra's ring): the ConfigMap's size first with the StatefulSet held while that pod is ready
// (still a member), then lowered once the test, as its probe would, turns it not ready.
import type { KubernetesObject, V1ConfigMap, V1StatefulSet } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrailTestCluster, kc, TEST_LABEL } from '../../../tools/testenv/contrail-test-cluster';
import { eventually } from '../../../tools/testenv/eventually';
import { ordinal, recordRoll } from '../../../tools/testenv/pod-roll';
import { configMapResource, statefulSetResource, type ResourceDescriptor } from '../../kube/resource';
import { cassandraResource, zookeeperResource } from '../../types/crds';
import { configMapName } from './contrail-names';
import { MEMBERS_KEY, quorum } from './data-service-config';

const t = contrailTestCluster('ct-scale');

beforeAll(async () => {
  for (let i = 0; i < 5; i++) await t.createNode(`s${i}`, { role: 'scale' });
  await t.start();
}, 120_000);

afterAll(() => t.stop());

async function createService(resource: ResourceDescriptor, kind: string, name: string, replicas: number) {
  const object: KubernetesObject & { spec: object } = {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind,
    metadata: { name, namespace: t.namespace },
    spec: {
      commonConfiguration: {
        replicas,
        nodeSelector: { [TEST_LABEL]: t.id, role: 'scale' },
        tolerations: t.tolerations,
      },
      serviceConfiguration: {},
    },
  };
  await t.create(resource, object);
}

async function activeWith(resource: ResourceDescriptor, name: string, replicas: number) {
  await eventually(
    async () => {
      const object = await t.get<{ status?: { active?: boolean; readyReplicas?: number } }>(resource, name);
      expect(object?.status).toMatchObject({ active: true, readyReplicas: replicas });
    },
    120_000,
    500,
  );
}

describe.each([
  ['ZooKeeper', zookeeperResource, 'Zookeeper', 'zookeeper', 'zk'],
  ['Cassandra', cassandraResource, 'Cassandra', 'cassandra', 'db'],
] as const)('%s scaled 3 → 5 → 3', (_title, resource, kind, type, name) => {
  it('adds and removes one pod at a time, the others ready at every step', async () => {
    const statefulSet = `${name}-${type}-statefulset`;
    const pod = (n: number) => `${statefulSet}-${n}`;
    await createService(resource, kind, name, 3);
    await activeWith(resource, name, 3);
    const roll = recordRoll(kc, t.namespace, type, name);
    try {
      await roll.settled(3);
      roll.reset();

      await t.merge(resource, name, { spec: { commonConfiguration: { replicas: 5 } } });
      await activeWith(resource, name, 5);
      await roll.settled(5);
      // Pod 3 first, and only once the three before it are ready; then pod 4 once pod 3 is.
      expect(roll.steps.filter((s) => s.change === 'added')).toEqual([
        { change: 'added', pod: pod(3), others: [0, 1, 2].map(pod), ready: [0, 1, 2].map(pod) },
        { change: 'added', pod: pod(4), others: [0, 1, 2, 3].map(pod), ready: [0, 1, 2, 3].map(pod) },
      ]);
      expect(roll.mostNotReady()).toBe(1);

      roll.reset();
      await t.merge(resource, name, { spec: { commonConfiguration: { replicas: 3 } } });
      await eventually(async () => {
        const object = await t.get<{ status?: { replicas?: number } }>(resource, name);
        expect(object?.status?.replicas).toBe(3);
      });
      for (const leaving of [4, 3]) {
        // Asked to leave: the ConfigMap's size drops to its ordinal while the StatefulSet keeps it.
        await eventually(async () => {
          const configMap = await t.get<V1ConfigMap>(configMapResource, configMapName(type, name));
          expect(configMap?.data?.[MEMBERS_KEY]).toBe(`${leaving}`);
          // Pod 3 is asked only once pod 4 is gone.
          expect(roll.steps.map((s) => `${s.change} ${ordinal(s.pod)}`)).toEqual(
            leaving === 4 ? [] : ['deleting 4', 'gone 4'],
          );
        });
        const held = await t.get<V1StatefulSet>(statefulSetResource, statefulSet);
        expect(held?.spec?.replicas).toBe(leaving + 1);
        // It has left and fails its probe: only then is the StatefulSet lowered.
        await t.setPodsReady(type, name, false, [pod(leaving)]);
        await eventually(async () => {
          const lowered = await t.get<V1StatefulSet>(statefulSetResource, statefulSet);
          expect(lowered?.spec?.replicas).toBe(leaving);
        });
      }
      await activeWith(resource, name, 3);
      await roll.settled(3);
      // The highest ordinal goes first and is gone before the next is touched; the rest stay ready.
      const removals = roll.steps.filter((s) => s.change !== 'added');
      expect(removals.map((s) => `${s.change} ${ordinal(s.pod)}`)).toEqual([
        'deleting 4',
        'gone 4',
        'deleting 3',
        'gone 3',
      ]);
      for (const step of removals) expect(step.ready).toEqual(step.others);
      // A leaving pod is not ready once it has left, before it is deleted.
      expect(roll.mostNotReady()).toBe(1);
      for (const step of roll.steps) expect(step.ready.length).toBeGreaterThanOrEqual(quorum(3));
    } finally {
      await roll.stop();
    }
  }, 300_000);
});
