import type {
  KubernetesObject,
  V1ConfigMap,
  V1Container,
  V1ObjectMeta,
  V1Pod,
  V1Secret,
  V1Service,
  V1StatefulSet,
} from '@kubernetes/client-node';
import { controllerReference } from '../../kube/owner-references';
import { contentHash, SPEC_HASH_ANNOTATION } from '../common/content-hash';
import type { PlannedEvent } from '../../kube/reconcile-steps';
import {
  readyCondition,
  readyEvents,
  type ReadyVerdict,
  type WithConditions,
} from '../common/ready-condition';
import { configMapName, secretName, serviceLabels, serviceName, statefulSetName } from './contrail-names';
import type { DataService, DataServiceKind } from './data-service-kinds';
import { servicePods } from './service-pods';

export interface DataServiceObserved {
  object: DataService;
  pods: V1Pod[];
  statefulSet: V1StatefulSet | undefined;
  service: V1Service | undefined;
  secret: V1Secret | undefined;
}

export interface DataServicePlan {
  objects: KubernetesObject[];
  /**
   * The Secret to create once (never re-applied, so its generated values stay); undefined when it
   * exists. Until it does, nothing is pruned and no status is written: the Secret's add event brings
   * the object back with the Secret in the cache.
   */
  createSecret?: V1Secret;
  pruneOwned?: boolean;
  status?: NonNullable<DataService['status']>;
  events: PlannedEvent[];
}

function ownedMeta(
  kind: DataServiceKind,
  object: DataService,
  name: string,
  annotations?: Record<string, string>,
): V1ObjectMeta {
  return {
    name,
    namespace: object.metadata.namespace ?? '',
    labels: serviceLabels(kind.type, object.metadata.name ?? ''),
    ...(annotations ? { annotations } : {}),
    ownerReferences: [controllerReference(object, kind.resource)],
  };
}

function containerOverride(object: DataService, name: string): { image?: string; command?: string[] } {
  return (object.spec.serviceConfiguration.containers ?? []).find((c) => c.name === name) ?? {};
}

const POD_IP_ENV = { name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } };

/**
 * The StatefulSet: pods spread one per node (required anti-affinity on the hostname), started in
 * parallel because each pod gates itself on its own config key (upstream's init loop) and that
 * key appears only once the pod has an IP. Images and commands follow serviceConfiguration.containers.
 */
export function renderStatefulSet(
  kind: DataServiceKind,
  object: DataService,
  replicas: number,
  ports: Record<string, number>,
): V1StatefulSet {
  const name = object.metadata.name ?? '';
  const labels = serviceLabels(kind.type, name);
  const common = object.spec.commonConfiguration ?? {};
  const init = containerOverride(object, 'init');
  const main = containerOverride(object, kind.container);
  const waitForConfig = `until [ -f ${kind.mountPath}/${kind.podFile} ]; do sleep 2; done`;
  const mounts = [{ name: 'config', mountPath: kind.mountPath }];
  const initContainer: V1Container = {
    name: 'init',
    image: init.image ?? 'busybox:1.36',
    command: init.command ?? ['sh', '-c', waitForConfig],
    env: [POD_IP_ENV],
    volumeMounts: mounts,
  };
  const container: V1Container = {
    name: kind.container,
    image: main.image ?? kind.image,
    command: main.command ?? kind.command,
    env: [POD_IP_ENV],
    ...(kind.secret ? { envFrom: [{ secretRef: { name: secretName(name) } }] } : {}),
    ports: Object.entries(ports).map(([portName, port]) => ({
      name: portName.toLowerCase().slice(0, 15),
      containerPort: port,
    })),
    volumeMounts: kind.scratchPath ? [...mounts, { name: 'scratch', mountPath: kind.scratchPath }] : mounts,
  };
  const spec: V1StatefulSet['spec'] = {
    replicas,
    serviceName: serviceName(kind.type, name),
    podManagementPolicy: 'Parallel',
    selector: { matchLabels: labels },
    template: {
      metadata: { labels },
      spec: {
        ...(common.nodeSelector ? { nodeSelector: common.nodeSelector } : {}),
        ...(common.tolerations ? { tolerations: common.tolerations } : {}),
        ...(common.hostNetwork ? { hostNetwork: true, dnsPolicy: 'ClusterFirstWithHostNet' } : {}),
        // Upstream's schema lets an alias go without an IP; a pod cannot carry one.
        ...(common.hostAliases
          ? {
              hostAliases: common.hostAliases.flatMap(({ ip, hostnames }) => (ip ? [{ ip, hostnames }] : [])),
            }
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
        initContainers: [initContainer],
        containers: [container],
        volumes: [
          { name: 'config', configMap: { name: configMapName(kind.type, name) } },
          ...(kind.scratchPath ? [{ name: 'scratch', emptyDir: {} }] : []),
        ],
      },
    },
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: ownedMeta(kind, object, statefulSetName(kind.type, name), {
      [SPEC_HASH_ANNOTATION]: contentHash(spec),
    }),
    spec,
  };
}

function renderService(kind: DataServiceKind, object: DataService, ports: Record<string, number>): V1Service {
  const name = object.metadata.name ?? '';
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: ownedMeta(kind, object, serviceName(kind.type, name)),
    spec: {
      type: 'ClusterIP',
      selector: serviceLabels(kind.type, name),
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
 * Everything one Cassandra, ZooKeeper or RabbitMQ needs: Service, StatefulSet, the per-pod
 * ConfigMap rendered from the pods that have an IP now (so a key goes away with its pod IP), the
 * Secret once, and status with upstream's `active`, `nodes` and `ports` plus a Ready condition.
 */
export function planDataService(
  kind: DataServiceKind,
  observed: DataServiceObserved,
  now: Date,
): DataServicePlan {
  const { object } = observed;
  const name = object.metadata.name ?? '';
  const replicas = object.spec.commonConfiguration?.replicas ?? 1;
  const ports = kind.ports(object);
  const pods = servicePods(observed.pods);
  const data = kind.config(object, pods, replicas);
  const configMap: V1ConfigMap = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: ownedMeta(kind, object, configMapName(kind.type, name), {
      [SPEC_HASH_ANNOTATION]: contentHash(data),
    }),
    data,
  };
  const objects: KubernetesObject[] = [
    configMap,
    renderService(kind, object, ports),
    renderStatefulSet(kind, object, replicas, ports),
  ];
  let createSecret: V1Secret | undefined;
  if (kind.secret) {
    if (observed.secret) objects.push(passThrough(observed.secret));
    else
      createSecret = {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: ownedMeta(kind, object, secretName(name)),
        type: 'Opaque',
        stringData: kind.secret(object),
      };
  }
  if (createSecret) return { objects, createSecret, pruneOwned: false, events: [] };
  const readyReplicas = pods.filter((pod) => pod.ready).length;
  const active = kind.active(replicas, readyReplicas);
  const verdict = dataServiceVerdict(kind, replicas, readyReplicas, active, observed);
  return {
    objects,
    status: {
      active,
      nodes: Object.fromEntries(pods.map((pod) => [pod.name, pod.ip])),
      ports: kind.statusPorts(ports),
      replicas,
      readyReplicas,
      ...kind.extraStatus?.(object, observed.service),
      conditions: [readyCondition(object as unknown as WithConditions, verdict, now)],
    },
    events: readyEvents(object as unknown as WithConditions, verdict),
  };
}

/** The cached Secret as desired, so pruning keeps it and nothing is re-applied. */
function passThrough(secret: V1Secret): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: secret.metadata?.name, namespace: secret.metadata?.namespace },
  };
}

function dataServiceVerdict(
  kind: DataServiceKind,
  replicas: number,
  ready: number,
  active: boolean,
  observed: DataServiceObserved,
): ReadyVerdict {
  if (!observed.service?.spec?.clusterIP) {
    return {
      status: 'False',
      reason: 'WaitingForService',
      message: `service ${serviceName(kind.type, observed.object.metadata.name ?? '')} has no cluster IP yet`,
    };
  }
  if (replicas === 0) return { status: 'False', reason: 'NoReplicas', message: 'replicas is 0' };
  if (!active) {
    const need = kind.active(replicas, replicas - 1) ? 'a quorum' : 'all';
    return {
      status: 'False',
      reason: 'PodsNotReady',
      message: `${ready} of ${replicas} pods ready; ${need} must be`,
    };
  }
  return { status: 'True', reason: 'Active', message: `${ready} of ${replicas} pods ready` };
}
