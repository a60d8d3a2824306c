import type { KubernetesObject, V1ObjectMeta, V1PodSpec, V1Service } from '@kubernetes/client-node';
import type { ReadyVerdict } from '../common/ready-condition';
import { controllerReference } from '../../kube/owner-references';
import type { ResourceDescriptor } from '../../kube/resource';
import { serviceLabels, serviceName, type ServiceType } from './contrail-names';

/**
 * What every Contrail service's StatefulSet shares, data services and Config/Control alike: its
 * owner's labels and reference, the pod IP in the environment, the Manager's pod settings and the
 * Service in front of the pods.
 */
export interface ServiceOwner {
  type: ServiceType;
  resource: ResourceDescriptor;
  /** Upstream's meaning of active for the kind, from requested and ready pods. */
  active(replicas: number, ready: number): boolean;
}

/** The pod settings a Contrail service takes from its commonConfiguration. */
export interface PodSettings {
  nodeSelector?: Record<string, string>;
  hostNetwork?: boolean;
  hostAliases?: { ip?: string; hostnames?: string[] }[];
  imagePullSecrets?: string[];
  tolerations?: V1PodSpec['tolerations'];
}

export function ownedMeta(
  owner: ServiceOwner,
  object: KubernetesObject,
  name: string,
  annotations?: Record<string, string>,
): V1ObjectMeta {
  return {
    name,
    namespace: object.metadata?.namespace ?? '',
    labels: serviceLabels(owner.type, object.metadata?.name ?? ''),
    ...(annotations ? { annotations } : {}),
    ownerReferences: [controllerReference(object, owner.resource)],
  };
}

export const POD_IP_ENV = { name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } };
/** The pod's name, for its StatefulSet ordinal: with hostNetwork the hostname is the node's. */
export const POD_NAME_ENV = { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } };

/** The image and command serviceConfiguration.containers gives for one container, if any. */
export function containerOverride(
  containers: { name: string; image?: string; command?: string[] }[] | undefined,
  name: string,
): { image?: string; command?: string[] } {
  return (containers ?? []).find((c) => c.name === name) ?? {};
}

/**
 * The pod spec's placement and host settings: the Manager's selector, tolerations, host network,
 * aliases and pull Secrets, and pods spread one per node (required anti-affinity on the hostname).
 */
export function podPlacement(common: PodSettings, labels: Record<string, string>): Partial<V1PodSpec> {
  return {
    ...(common.nodeSelector ? { nodeSelector: common.nodeSelector } : {}),
    ...(common.tolerations ? { tolerations: common.tolerations } : {}),
    ...(common.hostNetwork ? { hostNetwork: true, dnsPolicy: 'ClusterFirstWithHostNet' } : {}),
    // Upstream's schema lets an alias go without an IP; a pod cannot carry one.
    ...(common.hostAliases
      ? { hostAliases: common.hostAliases.flatMap(({ ip, hostnames }) => (ip ? [{ ip, hostnames }] : [])) }
      : {}),
    ...(common.imagePullSecrets
      ? { imagePullSecrets: common.imagePullSecrets.map((n) => ({ name: n })) }
      : {}),
    affinity: {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: { matchLabels: labels }, topologyKey: 'kubernetes.io/hostname' },
        ],
      },
    },
  };
}

/** Container port names: lower case and at most 15 characters, as the API server requires. */
export function containerPorts(ports: Record<string, number>): { name: string; containerPort: number }[] {
  return Object.entries(ports).map(([portName, port]) => ({
    name: portName.toLowerCase().slice(0, 15),
    containerPort: port,
  }));
}

/** The ClusterIP Service in front of the pods, one port per named port. */
export function renderService(
  owner: ServiceOwner,
  object: KubernetesObject,
  ports: Record<string, number>,
): V1Service {
  const name = object.metadata?.name ?? '';
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: ownedMeta(owner, object, serviceName(owner.type, name)),
    spec: {
      type: 'ClusterIP',
      selector: serviceLabels(owner.type, name),
      ports: Object.entries(ports).map(([portName, port]) => ({
        name: portName.toLowerCase(),
        port,
        targetPort: port as never,
        protocol: 'TCP',
      })),
    },
  };
}

/**
 * Ready of a StatefulSet-backed service: its Service has a cluster IP (`none` for a kind that has no
 * Service), it asks for pods, and as many are ready as the kind's `active` needs (a quorum or all,
 * which the message says).
 */
export function workloadVerdict(
  owner: ServiceOwner,
  object: KubernetesObject,
  service: V1Service | undefined | 'none',
  pods: { replicas: number; ready: number; active: boolean },
): ReadyVerdict {
  const { replicas, ready, active } = pods;
  if (service !== 'none' && !service?.spec?.clusterIP) {
    return {
      status: 'False',
      reason: 'WaitingForService',
      message: `service ${serviceName(owner.type, object.metadata?.name ?? '')} has no cluster IP yet`,
    };
  }
  if (replicas === 0) return { status: 'False', reason: 'NoReplicas', message: 'replicas is 0' };
  if (!active) {
    const need = owner.active(replicas, replicas - 1) ? 'a quorum' : 'all';
    return {
      status: 'False',
      reason: 'PodsNotReady',
      message: `${ready} of ${replicas} pods ready; ${need} must be`,
    };
  }
  return { status: 'True', reason: 'Active', message: `${ready} of ${replicas} pods ready` };
}
