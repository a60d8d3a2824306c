import type {
  KubernetesObject,
  V1ConfigMap,
  V1Container,
  V1Pod,
  V1Service,
  V1ServiceAccount,
  V1StatefulSet,
  V1Volume,
} from '@kubernetes/client-node';
import type { PlannedEvent } from '../../kube/reconcile-steps';
import { contentHash, SPEC_HASH_ANNOTATION } from '../common/content-hash';
import {
  readyCondition,
  readyEvents,
  type ReadyVerdict,
  type WithConditions,
} from '../common/ready-condition';
import type { ComponentCertificates } from './component-certificates';
import { componentServiceAccount, INCOMPLETE, type Component, type ComponentKind } from './component-kinds';
import {
  NO_MEMBERS,
  peerNames,
  resolvePeers,
  type ClusterMembers,
  type Endpoints,
  type Peers,
} from './component-peers';
import { configMapName, serviceLabels, serviceName, statefulSetName } from './contrail-names';
import { CONFIG_MAPS_DIR } from './config-files';
import {
  CERTIFICATE_MOUNTS,
  certificateEvents,
  certificateRequeueMs,
  certificateTemplateAnnotations,
  certificateVolumes,
  renderCertificateSecret,
} from './pod-tls';
import { servicePods } from './service-pods';
import {
  containerOverride,
  containerPorts,
  ownedMeta,
  podPlacement,
  POD_IP_ENV,
  renderService,
  workloadVerdict,
} from './service-workload';

export interface ComponentObserved {
  object: Component;
  pods: V1Pod[];
  service: V1Service | undefined;
  /** The stored ConfigMap: what the pods were last given. */
  configMap: V1ConfigMap | undefined;
  peers: Peers;
  /** Only for the kinds that read their cluster's members. */
  members?: ClusterMembers;
  /** The per-pod certificate Secret's data as it should be (component-certificates.ts). */
  certificates: ComponentCertificates;
}

export interface ComponentPlan {
  /** Absent while a peer is not active: what exists stays as it is, as upstream leaves it. */
  objects?: KubernetesObject[];
  status: NonNullable<Component['status']>;
  events: PlannedEvent[];
  /** When the earliest certificate enters its renew window. */
  requeueAfterMs?: number;
}

/**
 * The StatefulSet: every container of the kind, each running its script once the init container has
 * seen the pod's own file in the ConfigMap (upstream's wait), with the RabbitMQ Secret's credentials
 * in the environment for the kinds that talk to RabbitMQ, and the pods' certificates and the CA's
 * where upstream's pods read them. Images and commands follow serviceConfiguration.containers.
 */
export function renderComponentStatefulSet(
  kind: ComponentKind,
  object: Component,
  replicas: number,
  rabbitmqSecret: string | undefined,
  certificates: ComponentCertificates,
): V1StatefulSet {
  const name = object.metadata.name ?? '';
  const labels = serviceLabels(kind.type, name);
  const overrides = object.spec.serviceConfiguration.containers;
  const configMount = { name: 'config', mountPath: CONFIG_MAPS_DIR };
  const init = containerOverride(overrides, 'init');
  const ports = kind.ports(object);
  const scratch = new Set<string>();
  const containers = kind.containers(object).map((c, index): V1Container => {
    const own = containerOverride(overrides, c.name);
    for (const volume of Object.keys(c.scratch ?? {})) scratch.add(volume);
    return {
      name: c.name,
      image: own.image ?? c.image,
      command: own.command ?? ['bash', '-c', c.script],
      env: [POD_IP_ENV, ...(c.env ?? [])],
      ...(rabbitmqSecret ? { envFrom: [{ secretRef: { name: rabbitmqSecret } }] } : {}),
      ...(c.readinessProbe ? { readinessProbe: c.readinessProbe } : {}),
      // The ports are the pod's, named once: on the first container.
      ...(index === 0 ? { ports: containerPorts(ports) } : {}),
      volumeMounts: [
        configMount,
        ...CERTIFICATE_MOUNTS,
        ...Object.entries(c.scratch ?? {}).map(([volume, mountPath]) => ({ name: volume, mountPath })),
      ],
    };
  });
  const volumes: V1Volume[] = [
    { name: 'config', configMap: { name: configMapName(kind.type, name) } },
    ...certificateVolumes(name),
    ...[...scratch].sort().map((volume) => ({ name: volume, emptyDir: {} })),
  ];
  const spec: V1StatefulSet['spec'] = {
    replicas,
    serviceName: serviceName(kind.type, name),
    podManagementPolicy: 'Parallel',
    selector: { matchLabels: labels },
    template: {
      metadata: { labels, ...certificateTemplateAnnotations(certificates) },
      spec: {
        ...podPlacement(object.spec.commonConfiguration ?? {}, labels),
        ...(kind.serviceAccount ? { serviceAccountName: componentServiceAccount(kind, object) } : {}),
        initContainers: [
          {
            name: 'init',
            image: init.image ?? 'busybox:1.36',
            command: init.command ?? [
              'sh',
              '-c',
              `until [ -f ${CONFIG_MAPS_DIR}/${kind.podFile} ]; do sleep 2; done`,
            ],
            env: [POD_IP_ENV],
            volumeMounts: [configMount],
          },
        ],
        containers,
        volumes,
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

/**
 * Everything one component needs once its peers are active: Service (for the kinds that publish
 * ports), ServiceAccount (for those that have one), StatefulSet, the per-pod ConfigMap rendered
 * from its pods' IPs and the peers' status, and the per-pod certificate Secret (looked at again when
 * the first certificate is due for renewal). While a peer is missing or not active nothing is created
 * or changed (upstream's order), and Ready says which peer it waits for. Status has upstream's
 * `active` (enough pods ready, each with its configuration rendered, as the kind counts), `nodes`,
 * and where the kind has them `ports` and `endpoint`, plus Ready.
 */
export function planComponent(kind: ComponentKind, observed: ComponentObserved, now: Date): ComponentPlan {
  const { object } = observed;
  const replicas = object.spec.commonConfiguration?.replicas ?? 1;
  const { endpoints, waiting } = resolvePeers(kind.needs, peerNames(object), observed.peers);
  const pods = servicePods(observed.pods);
  const rendered = waiting.length === 0;
  // While it waits, what counts is the configuration the pods have: the stored ConfigMap's.
  const data = rendered
    ? kind.config(object, pods, endpoints as Endpoints, observed.members ?? NO_MEMBERS)
    : (observed.configMap?.data ?? {});
  const readyReplicas = pods.filter(
    (pod) => pod.ready && kind.podFile.replace('${POD_IP}', pod.ip) in data,
  ).length;
  const active = kind.active(replicas, readyReplicas);
  let objects: KubernetesObject[] | undefined;
  let verdict: ReadyVerdict;
  const ports = kind.ports(object);
  const hasService = Object.keys(ports).length > 0;
  if (!rendered) {
    verdict = { status: 'False', reason: 'WaitingForPeers', message: waiting.join('; ') };
  } else {
    const configMap: V1ConfigMap = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: ownedMeta(kind, object, configMapName(kind.type, object.metadata.name ?? ''), {
        [SPEC_HASH_ANNOTATION]: contentHash(data),
      }),
      data,
    };
    objects = [
      configMap,
      ...(hasService ? [renderService(kind, object, ports)] : []),
      ...(kind.serviceAccount ? [renderServiceAccount(kind, object)] : []),
      renderComponentStatefulSet(kind, object, replicas, endpoints.rabbitmq?.secret, observed.certificates),
      // Applied with the first stage (configuration) whatever its place here.
      renderCertificateSecret(kind, object, observed.certificates),
      ...(kind.clusterAccess?.render(object) ?? []),
    ];
    verdict = withGaps(
      workloadVerdict(kind, observed.object, hasService ? observed.service : 'none', {
        replicas,
        ready: readyReplicas,
        active,
      }),
      kind.gaps?.(object) ?? [],
    );
  }
  const clusterIP = observed.service?.spec?.clusterIP;
  // While it waits, the pods keep the stored ConfigMap, and so the members it gave them.
  const membersRendered = rendered
    ? kind.membersRendered?.(observed.members ?? NO_MEMBERS)
    : (object.status as { membersRendered?: string[] } | undefined)?.membersRendered;
  const status = {
    active,
    nodes: Object.fromEntries(pods.map((pod) => [pod.name, pod.ip])),
    ...(kind.membersRendered && membersRendered ? { membersRendered } : {}),
    ...(kind.statusPorts ? { ports: kind.statusPorts(object) } : {}),
    ...(clusterIP && hasService ? { endpoint: clusterIP } : {}),
    replicas,
    readyReplicas,
    conditions: [readyCondition(object as unknown as WithConditions, verdict, now)],
  } as ComponentPlan['status'];
  const events = [
    ...readyEvents(object as unknown as WithConditions, verdict),
    ...(rendered ? certificateEvents(observed.certificates) : []),
  ];
  const requeueAfterMs = rendered ? certificateRequeueMs(observed.certificates, now) : undefined;
  return { objects, status, events, ...(requeueAfterMs ? { requeueAfterMs } : {}) };
}

/** A ready workload whose kind names gaps is not Ready: the spec does not all work, and Ready says what not. */
function withGaps(verdict: ReadyVerdict, gaps: string[]): ReadyVerdict {
  if (verdict.status !== 'True' || gaps.length === 0) return verdict;
  return { status: 'False', reason: INCOMPLETE, message: gaps.join('; ') };
}

function renderServiceAccount(kind: ComponentKind, object: Component): V1ServiceAccount {
  return {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: ownedMeta(kind, object, componentServiceAccount(kind, object)),
  };
}
