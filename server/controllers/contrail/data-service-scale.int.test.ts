// ZooKeeper and Cassandra scaled up and down on the real control plane (kwok runs the pods): a watch
// of each service's pods records the order in which pods come and go and, at each step, whether the
// other pods were ready, so the roll is seen one pod at a time with the quorum kept throughout.
import type { KubernetesObject, V1Pod } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrailTestCluster, kc, TEST_LABEL } from '../../../tools/testenv/contrail-test-cluster';
import { eventually } from '../../../tools/testenv/eventually';
import { collectionPath, podResource, type ResourceDescriptor } from '../../kube/resource';
import { watchStream } from '../../kube/watch-stream';
import { cassandraResource, zookeeperResource } from '../../types/crds';
import { quorum } from './data-service-config';

const t = contrailTestCluster('ct-scale');

beforeAll(async () => {
  for (let i = 0; i < 5; i++) await t.createNode(`s${i}`, { role: 'scale' });
  await t.start();
}, 120_000);

afterAll(() => t.stop());

interface Step {
  change: 'added' | 'deleting' | 'gone';
  pod: string;
  /** The service's other pods (not being deleted) at that moment, and which of them were ready. */
  others: string[];
  ready: string[];
}

const ordinal = (name: string) => Number(/-(\d+)$/.exec(name)?.[1]);
const isReady = (pod: V1Pod) =>
  pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

/**
 * Watches one service's pods and records each pod that appears, starts being deleted or is gone,
 * with the readiness of the others then; also the most pods ever not ready at once.
 */
function recordRoll(type: string, name: string) {
  const pods = new Map<string, V1Pod>();
  const steps: Step[] = [];
  let mostNotReady = 0;
  const controller = new AbortController();
  let opened = false;
  const note = (change: Step['change'], pod: string) => {
    const others = [...pods.values()]
      .filter((p) => p.metadata?.name !== pod && !p.metadata?.deletionTimestamp)
      .sort((a, b) => ordinal(a.metadata?.name ?? '') - ordinal(b.metadata?.name ?? ''));
    steps.push({
      change,
      pod,
      others: others.map((p) => p.metadata?.name ?? ''),
      ready: others.filter(isReady).map((p) => p.metadata?.name ?? ''),
    });
  };
  const watching = watchStream(kc, collectionPath(podResource, t.namespace), {
    query: { labelSelector: `contrail_manager=${type},${type}=${name}` },
    signal: controller.signal,
    onOpen: () => (opened = true),
    onEvent: ({ type: event, object }) => {
      const pod = object as V1Pod;
      const podName = pod.metadata?.name ?? '';
      const before = pods.get(podName);
      if (event === 'DELETED') {
        pods.delete(podName);
        note('gone', podName);
        return;
      }
      pods.set(podName, pod);
      if (!before) note('added', podName);
      else if (pod.metadata?.deletionTimestamp && !before.metadata?.deletionTimestamp)
        note('deleting', podName);
      const live = [...pods.values()].filter((p) => !p.metadata?.deletionTimestamp);
      mostNotReady = Math.max(mostNotReady, live.filter((p) => !isReady(p)).length);
    },
  }).catch((error: unknown) => {
    if (!controller.signal.aborted) throw error;
  });
  return {
    steps,
    mostNotReady: () => mostNotReady,
    /** Waits for the watch to be open and to hold the `count` pods that exist, all ready. */
    async settled(count: number) {
      await eventually(
        () => {
          expect(opened).toBe(true);
          const live = [...pods.values()].filter((p) => !p.metadata?.deletionTimestamp);
          expect(live.filter(isReady).map((p) => p.metadata?.name)).toHaveLength(count);
          expect(pods.size).toBe(count);
        },
        120_000,
        200,
      );
    },
    /** Forgets what was recorded so far: the next steps are the scale change's. */
    reset() {
      steps.length = 0;
      mostNotReady = 0;
    },
    async stop() {
      controller.abort();
      await watching;
    },
  };
}

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
    const roll = recordRoll(type, name);
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
      expect(roll.mostNotReady()).toBe(0);
      for (const step of roll.steps) expect(step.ready.length).toBeGreaterThanOrEqual(quorum(3));
    } finally {
      await roll.stop();
    }
  }, 300_000);
});
