import type { V1Pod } from '@kubernetes/client-node';

/** A pod of a data service as the config planner needs it: its ordinal (from the name) and IP. */
export interface ServicePod {
  name: string;
  ordinal: number;
  ip: string;
  ready: boolean;
}

/**
 * The StatefulSet ordinal from the pod name's numeric suffix, not its last character (upstream's
 * bug: pod-10 and pod-0 collided).
 */
export function podOrdinal(pod: V1Pod): number | undefined {
  const suffix = /-(\d+)$/.exec(pod.metadata?.name ?? '')?.[1];
  return suffix === undefined ? undefined : Number(suffix);
}

/** Pods without an IP yet or being deleted are left out, so their keys disappear with them. */
export function servicePods(pods: V1Pod[]): ServicePod[] {
  return pods
    .flatMap((pod) => {
      const name = pod.metadata?.name ?? '';
      const ordinal = podOrdinal(pod);
      const ip = pod.status?.podIP;
      if (ordinal === undefined || !ip || pod.metadata?.deletionTimestamp) return [];
      const ready = pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
      return [{ name, ordinal, ip, ready }];
    })
    .sort((a, b) => a.ordinal - b.ordinal);
}
