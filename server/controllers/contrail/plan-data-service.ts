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
import { contentHash, SPEC_HASH_ANNOTATION } from '../common/content-hash';
import type { PlannedEvent } from '../../kube/reconcile-steps';
import {
  readyCondition,
  readyEvents,
  type ReadyVerdict,
  type WithConditions,
} from '../common/ready-condition';
import { certificateKey, CERTIFICATES_DIR, type ComponentCertificates } from './component-certificates';
import { INCOMPLETE } from './component-kinds';
import { configMapName, secretName, serviceLabels, serviceName, statefulSetName } from './contrail-names';
import type { DataService, DataServiceKind } from './data-service-kinds';
import { dataVolume, fixedFieldChange } from './data-service-storage';
import {
  CERTIFICATE_MOUNTS,
  certificateEvents,
  certificateRequeueMs,
  certificateTemplateAnnotations,
  certificateVolumes,
  renderCertificateSecret,
} from './pod-tls';
import { MEMBERS_KEY } from './data-service-config';
import { podOrdinal, servicePods } from './service-pods';
import {
  containerOverride,
  containerPorts,
  ownedMeta,
  podPlacement,
  POD_IP_ENV,
  POD_NAME_ENV,
  renderService,
  workloadVerdict,
} from './service-workload';

export interface DataServiceObserved {
  object: DataService;
  pods: V1Pod[];
  statefulSet: V1StatefulSet | undefined;
  service: V1Service | undefined;
  secret: V1Secret | undefined;
  /** The certificate Secret's data as it should be, for a kind that serves TLS; undefined otherwise. */
  certificates: ComponentCertificates | undefined;
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
  /** When the earliest certificate enters its renew window. */
  requeueAfterMs?: number;
}

/**
 * The StatefulSet: pods spread one per node (required anti-affinity on the hostname), each gating
 * itself on its own config key (upstream's init loop), which appears once the pod has an IP, and for a
 * kind that serves TLS on its own certificate, then running the kind's preparation (init2); started
 * and scaled as the kind's podManagementPolicy says, updated one pod at a time (RollingUpdate's
 * default of one unavailable). Data on the volume the storage spec asks for. Images and commands
 * follow serviceConfiguration.containers.
 */
export function renderStatefulSet(
  kind: DataServiceKind,
  object: DataService,
  replicas: number,
  ports: Record<string, number>,
  certificates?: ComponentCertificates,
): V1StatefulSet {
  const name = object.metadata.name ?? '';
  const labels = serviceLabels(kind.type, name);
  const common = object.spec.commonConfiguration ?? {};
  const containers = object.spec.serviceConfiguration.containers;
  const init = containerOverride(containers, 'init');
  const main = containerOverride(containers, kind.container);
  const ownCertificate = `${CERTIFICATES_DIR}/${certificateKey('${POD_IP}')}`;
  const waitForConfig = kind.tls
    ? `until [ -f ${kind.mountPath}/${kind.podFile} ] && [ -f ${ownCertificate} ]; do sleep 2; done`
    : `until [ -f ${kind.mountPath}/${kind.podFile} ]; do sleep 2; done`;
  const mounts = [{ name: 'config', mountPath: kind.mountPath }, ...(kind.tls ? CERTIFICATE_MOUNTS : [])];
  const scratch = kind.scratchPath ? [{ name: 'scratch', mountPath: kind.scratchPath }] : [];
  const envFrom = kind.secret ? { envFrom: [{ secretRef: { name: secretName(name) } }] } : {};
  const data = kind.data && dataVolume(kind.data.storage(object), kind.data.defaultSize, labels);
  const initContainer: V1Container = {
    name: 'init',
    image: init.image ?? 'busybox:1.36',
    command: init.command ?? ['sh', '-c', waitForConfig],
    env: [POD_IP_ENV],
    volumeMounts: mounts,
  };
  const prepare = containerOverride(containers, 'init2');
  const prepareContainer: V1Container[] = kind.prepare
    ? [
        {
          name: 'init2',
          image: prepare.image ?? kind.image,
          command: prepare.command ?? ['bash', '-c', kind.prepare],
          env: [POD_IP_ENV],
          ...envFrom,
          volumeMounts: [...mounts, ...scratch],
        },
      ]
    : [];
  const container: V1Container = {
    name: kind.container,
    image: main.image ?? kind.image,
    command: main.command ?? kind.command(ports),
    env: kind.leavesBeforeScaleDown ? [POD_IP_ENV, POD_NAME_ENV] : [POD_IP_ENV],
    ...envFrom,
    ports: containerPorts(ports),
    readinessProbe: kind.readinessProbe(ports),
    ...(kind.preStop
      ? { lifecycle: { preStop: { exec: { command: ['bash', '-c', kind.preStop(ports)] } } } }
      : {}),
    volumeMounts: [
      ...mounts,
      ...scratch,
      ...(data && kind.data ? [{ name: data.name, mountPath: kind.data.path }] : []),
    ],
  };
  const spec: V1StatefulSet['spec'] = {
    replicas,
    serviceName: serviceName(kind.type, name),
    podManagementPolicy: kind.podManagementPolicy,
    selector: { matchLabels: labels },
    template: {
      metadata: { labels, ...certificateTemplateAnnotations(certificates) },
      spec: {
        ...podPlacement(common, labels),
        initContainers: [initContainer, ...prepareContainer],
        containers: [container],
        volumes: [
          { name: 'config', configMap: { name: configMapName(kind.type, name) } },
          ...(kind.tls ? certificateVolumes(name) : []),
          ...(kind.scratchPath ? [{ name: 'scratch', emptyDir: {} }] : []),
          ...(data?.volume ? [data.volume] : []),
        ],
      },
    },
    ...(data?.claim ? { volumeClaimTemplates: [data.claim] } : {}),
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

/**
 * The size the pods read (the ConfigMap's MEMBERS_KEY) and the StatefulSet's replicas. For a kind
 * whose pods leave first, a scale-down goes one pod at a time from the top: the size asks the
 * StatefulSet's highest pod to leave, the StatefulSet keeps it while it is still ready (still a
 * member: the new size reaches it by the kubelet's sync, then it leaves and turns not ready) and
 * drops it only then, and the next is asked once it is gone. One at a time because an OrderedReady
 * StatefulSet deletes no pod while another is not ready: two leaving at once would block it.
 */
export function scaleDownStep(
  kind: DataServiceKind,
  replicas: number,
  current: V1StatefulSet | undefined,
  pods: V1Pod[],
): { members: number; statefulSet: number } {
  const running = current?.spec?.replicas;
  if (!kind.leavesBeforeScaleDown || running === undefined || running <= replicas)
    return { members: replicas, statefulSet: replicas };
  // A pod at or above the StatefulSet's size is still being deleted: the next is asked once it is gone.
  if (pods.some((pod) => (podOrdinal(pod) ?? -1) >= running))
    return { members: running, statefulSet: running };
  const topReady = servicePods(pods).some((pod) => pod.ordinal === running - 1 && pod.ready);
  return { members: running - 1, statefulSet: topReady ? running : running - 1 };
}

/**
 * Everything one Cassandra, ZooKeeper or RabbitMQ needs: Service, StatefulSet, the per-pod
 * ConfigMap rendered from the pods that have an IP now (so a key goes away with its pod IP), the
 * Secret once, for a kind that serves TLS its pods' certificate Secret (looked at again when the
 * first certificate is due for renewal), and status with upstream's `active`, `nodes` and `ports` plus a Ready condition.
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
  const step = scaleDownStep(kind, replicas, observed.statefulSet, observed.pods);
  const data = {
    ...kind.config(object, pods, replicas),
    ...(kind.leavesBeforeScaleDown ? { [MEMBERS_KEY]: `${step.members}` } : {}),
  };
  const configMap: V1ConfigMap = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: ownedMeta(kind, object, configMapName(kind.type, name), {
      [SPEC_HASH_ANNOTATION]: contentHash(data),
    }),
    data,
  };
  const statefulSet = renderStatefulSet(kind, object, step.statefulSet, ports, observed.certificates);
  // A change the API server would refuse on every pass is not applied but said (docs/decisions.md).
  const refused = fixedFieldChange(statefulSet, observed.statefulSet);
  const { certificates } = observed;
  if (kind.tls !== (certificates !== undefined))
    throw new Error(
      `${kind.type} ${kind.tls ? 'serves TLS: its certificates must be observed' : 'has no certificates'}`,
    );
  const objects: KubernetesObject[] = [
    configMap,
    ...(certificates ? [renderCertificateSecret(kind, object, certificates)] : []),
    renderService(kind, object, ports),
    refused ? passThrough('apps/v1', 'StatefulSet', statefulSet.metadata) : statefulSet,
  ];
  const requeueAfterMs = certificates && certificateRequeueMs(certificates, now);
  let createSecret: V1Secret | undefined;
  if (kind.secret) {
    if (observed.secret) objects.push(passThrough('v1', 'Secret', observed.secret.metadata));
    else
      createSecret = {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: ownedMeta(kind, object, secretName(name)),
        type: 'Opaque',
        stringData: kind.secret(object),
      };
  }
  if (createSecret)
    return {
      objects,
      createSecret,
      pruneOwned: false,
      events: [],
      ...(requeueAfterMs ? { requeueAfterMs } : {}),
    };
  // The pods that stay: while the StatefulSet is held for the leaving ones, they still count no more.
  const readyReplicas = pods.filter((pod) => pod.ready && pod.ordinal < replicas).length;
  const active = kind.active(replicas, readyReplicas);
  // Active but short of its spec, as a component with gaps says it: the Manager names it.
  const workload = workloadVerdict(kind, object, observed.service, {
    replicas,
    ready: readyReplicas,
    active,
  });
  const verdict: ReadyVerdict = !refused
    ? workload
    : workload.status === 'True'
      ? { status: 'False', reason: INCOMPLETE, message: refused }
      : { ...workload, message: `${workload.message}; ${refused}` };
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
    events: [
      ...readyEvents(object as unknown as WithConditions, verdict),
      ...(certificates ? certificateEvents(certificates) : []),
    ],
    ...(requeueAfterMs ? { requeueAfterMs } : {}),
  };
}

/** An existing object as desired, name only, so pruning keeps it and nothing is re-applied. */
function passThrough(apiVersion: string, kind: string, metadata: V1ObjectMeta | undefined): KubernetesObject {
  return { apiVersion, kind, metadata: { name: metadata?.name, namespace: metadata?.namespace } };
}
