// A watch of one Contrail service's pods that records the order in which pods come and go and, at each
// step, which of the others were ready: how a scale change or a roll is seen one pod at a time.
import type { KubeConfig, V1Pod } from '@kubernetes/client-node';
import { expect } from 'vitest';
import { collectionPath, podResource } from '../../server/kube/resource';
import { watchStream } from '../../server/kube/watch-stream';
import { eventually } from './eventually';

export interface RollStep {
  change: 'added' | 'deleting' | 'gone';
  pod: string;
  /** The service's other pods (not being deleted) at that moment, and which of them were ready. */
  others: string[];
  ready: string[];
}

/** A StatefulSet pod's ordinal, from its name. */
export const ordinal = (name: string) => Number(/-(\d+)$/.exec(name)?.[1]);
const isReady = (pod: V1Pod) =>
  pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

/**
 * Watches the pods of service `type` `name` in `namespace` and records each pod that appears, starts
 * being deleted or is gone, with the readiness of the others then; also the most pods ever not ready at once.
 */
export function recordRoll(kc: KubeConfig, namespace: string, type: string, name: string) {
  const pods = new Map<string, V1Pod>();
  const steps: RollStep[] = [];
  let mostNotReady = 0;
  const controller = new AbortController();
  let opened = false;
  const note = (change: RollStep['change'], pod: string) => {
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
  const watching = watchStream(kc, collectionPath(podResource, namespace), {
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
    /** Forgets what was recorded so far: the next steps are the change's under test. */
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
