// What the work floor of bench:sip writes for one cluster: the writes any correct SIP controller must
// make, rendered by the controller's own planner, with nothing else (no caches, no events, no
// Progressing status). Pure, so the count and content of the floor's writes are tested apart from
// the control plane.
import type { KubernetesObject, V1Deployment, V1Secret } from '@kubernetes/client-node';
import { planSipCluster, type HostLabelChange } from '../../server/controllers/sip-cluster/plan-sip-cluster';
import { hostPoolOf } from '../../server/controllers/sip-cluster/host-pool';
import { normaliseOwned } from '../../server/kube/sync-owned-objects';
import type { SIPCluster } from '../../server/types/crds';
import { asStoredSecret, hostObjects, hostsOf } from './sip-bench-objects';
import { finalizerPatch, type FinalizerPatch } from './finalizer-patch';

/** The cluster's first pass: its finalizer, a label on each chosen host and the objects it owns. */
export interface SipFloorFirstPass {
  /** The merge patch that stores the finalizer, guarded by the resourceVersion the create returned. */
  finalizerPatch: FinalizerPatch;
  /**
   * A merge patch per chosen host with its new labels; unguarded, since nothing else writes the hosts
   * here (the controller guards each with the resourceVersion its cache holds: the same one request).
   */
  hostLabelPatches: {
    namespace: string;
    name: string;
    patch: { metadata: { labels: HostLabelChange['labels'] } };
  }[];
  /** As the controller applies them (managed-by label, Secret data hashed). */
  objects: KubernetesObject[];
}

/** The three hosts cluster `index` gets (5i, 5i+1, 5i+2) and their Secrets, as the planner reads them. */
function clusterHostIndexes(index: number): number[] {
  return [5 * index, 5 * index + 1, 5 * index + 2];
}

function secretsOf(index: number): Map<string, V1Secret> {
  return new Map(
    clusterHostIndexes(index).flatMap((hostIndex) =>
      hostObjects(hostIndex)
        .slice(0, 2)
        .map((secret) => [secret.metadata?.name ?? '', asStoredSecret(secret as V1Secret)] as const),
    ),
  );
}

/**
 * Plans cluster `index` (as the create returned it) on its three hosts while still unlabelled, as a
 * controller's first pass sees them: the planner chooses them, labels them and renders the objects.
 */
export function sipFloorFirstPass(cluster: SIPCluster, index: number, finalizer: string): SipFloorFirstPass {
  const secrets = secretsOf(index);
  const plan = planSipCluster(
    {
      cluster,
      hosts: hostPoolOf(clusterHostIndexes(index).map((hostIndex) => hostObjects(hostIndex)[2])),
      secret: (_namespace, name) => secrets.get(name),
      deployment: () => undefined,
    },
    new Date(),
  );
  return {
    finalizerPatch: finalizerPatch(cluster, finalizer),
    hostLabelPatches: plan.hostLabelChanges.map(({ namespace, name, labels }) => ({
      namespace,
      name,
      patch: { metadata: { labels } },
    })),
    objects: plan.objects.map(normaliseOwned),
  };
}

/** Cluster `index` planned on its hosts as labelled for it, with its Deployment as `deployment`. */
function planOnLabelledHosts(cluster: SIPCluster, index: number, deployment: V1Deployment | undefined) {
  const secrets = secretsOf(index);
  return planSipCluster(
    {
      cluster,
      hosts: hostPoolOf(hostsOf(cluster, index)),
      secret: (_namespace, name) => secrets.get(name),
      deployment: () => deployment,
    },
    new Date(),
  );
}

/** The objects floor: cluster `index`'s objects planned on its hosts as if already labelled. */
export function sipObjectsFloor(cluster: SIPCluster, index: number): KubernetesObject[] {
  return planOnLabelledHosts(cluster, index, undefined).objects.map(normaliseOwned);
}

/**
 * The status to write once the load balancer's Deployment is `deployment`: the planner's verdict on
 * the labelled hosts; Ready=True once the Deployment serves, otherwise undefined (not yet).
 */
export function sipFloorReadyStatus(
  cluster: SIPCluster,
  index: number,
  deployment: V1Deployment | undefined,
): SIPCluster['status'] | undefined {
  const { status } = planOnLabelledHosts(cluster, index, deployment);
  return status.conditions.some((c) => c.type === 'Ready' && c.status === 'True') ? status : undefined;
}
