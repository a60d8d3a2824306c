import type { KubernetesObject } from '@kubernetes/client-node';
import type { ClusterReads } from '../../kube/cluster-reads';
import type { ControllerContext } from '../../kube/controller-context';
import type { InformerSet } from '../../kube/informer-set';
import { reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import { deleteObject } from '../../kube/apply';
import {
  clusterRoleBindingResource,
  clusterRoleResource,
  configMapResource,
  podResource,
  secretResource,
  serviceAccountResource,
  serviceResource,
  statefulSetResource,
  type ResourceDescriptor,
} from '../../kube/resource';
import { cassandraResource } from '../../types/crds/cassandra';
import { configResource } from '../../types/crds/config';
import { controlResource } from '../../types/crds/control';
import { rabbitmqResource } from '../../types/crds/rabbitmq';
import { vrouterResource } from '../../types/crds/vrouter';
import { zookeeperResource } from '../../types/crds/zookeeper';
import type { RackpilotController } from '../controller-services';
import { caSecretWatch, componentCertificates, type CertificateAccess } from './component-certificates';
import { configKind, type Component, type ComponentKind } from './component-kinds';
import { controlKind } from './control-kind';
import { kubemanagerKind } from './kubemanager-kind';
import { provisionManagerKind } from './provision-manager-kind';
import { webuiKind } from './webui-kind';
import { peerNames, type ClusterMembers, type PeerType, type Peers } from './component-peers';
import { CLUSTER_LABEL, configMapName, serviceName, SERVICE_TYPE_LABEL } from './contrail-names';
import { SERVICE_POD_INDEX, SERVICE_POD_SELECTOR, servicePodIndex } from './data-service-controller';
import { planComponent, type ComponentObserved, type ComponentPlan } from './plan-component';

const PEER_RESOURCES: Record<PeerType, ResourceDescriptor> = {
  cassandra: cassandraResource,
  zookeeper: zookeeperResource,
  rabbitmq: rabbitmqResource,
  config: configResource,
  control: controlResource,
};

/** The kinds a cluster-reading component lists (ClusterMembers), each a watch of its own. */
const MEMBER_RESOURCES: ResourceDescriptor[] = [
  cassandraResource,
  configResource,
  controlResource,
  vrouterResource,
];

/** The objects of a kind in the namespace that carry the cluster label. */
function clusterObjects<T extends KubernetesObject>(
  caches: ClusterReads,
  resource: ResourceDescriptor<T>,
  namespace: string,
  cluster: string | undefined,
): T[] {
  if (!cluster) return [];
  return caches
    .of(resource)
    .list()
    .filter((o) => o.metadata?.namespace === namespace && o.metadata.labels?.[CLUSTER_LABEL] === cluster);
}

/** RabbitMQ and Config are found by the cluster label; a cluster has one of each. */
export function labelledPeer<T extends KubernetesObject>(
  caches: ClusterReads,
  resource: ResourceDescriptor<T>,
  namespace: string,
  cluster: string | undefined,
): T | undefined {
  return clusterObjects(caches, resource, namespace, cluster)[0];
}

/**
 * The cluster's Cassandras, Configs, Controls and vRouter groups, and for each of their pods the
 * host name upstream registers (the node's for a host-network pod, else the pod's own) and its
 * data-network address.
 */
function observeMembers(caches: ClusterReads, object: Component): ClusterMembers {
  const namespace = object.metadata.namespace ?? '';
  const cluster = object.metadata.labels?.[CLUSTER_LABEL];
  const members = {
    cassandras: clusterObjects(caches, cassandraResource, namespace, cluster),
    configs: clusterObjects(caches, configResource, namespace, cluster),
    controls: clusterObjects(caches, controlResource, namespace, cluster),
    vrouters: clusterObjects(caches, vrouterResource, namespace, cluster),
  };
  const hostnames: Record<string, string> = {};
  const dataIps: Record<string, string> = {};
  const podNames = [
    ...members.cassandras,
    ...members.configs,
    ...members.controls,
    ...members.vrouters,
  ].flatMap((member) => Object.keys(member.status?.nodes ?? {}));
  for (const name of podNames) {
    const pod = caches.of(podResource).get(name, namespace);
    const hostname = pod?.spec?.hostNetwork ? pod.spec.nodeName : (pod?.spec?.hostname ?? name);
    if (hostname) hostnames[name] = hostname;
    const dataIp = pod?.metadata?.annotations?.dataSubnetIP;
    if (dataIp) dataIps[name] = dataIp;
  }
  return { ...members, hostnames, dataIps };
}

function observePeers(caches: ClusterReads, kind: ComponentKind, object: Component): Peers {
  const namespace = object.metadata.namespace ?? '';
  const names = peerNames(object);
  const byName = <T extends KubernetesObject>(resource: ResourceDescriptor<T>, name: string | undefined) =>
    name ? caches.of(resource).get(name, namespace) : undefined;
  return {
    ...(kind.needs.includes('cassandra')
      ? { cassandra: byName(cassandraResource, names.cassandraInstance) }
      : {}),
    ...(kind.needs.includes('zookeeper')
      ? { zookeeper: byName(zookeeperResource, names.zookeeperInstance) }
      : {}),
    ...(kind.needs.includes('rabbitmq')
      ? { rabbitmq: labelledPeer(caches, rabbitmqResource, namespace, names.cluster) }
      : {}),
    ...(kind.needs.includes('config')
      ? { config: labelledPeer(caches, configResource, namespace, names.cluster) }
      : {}),
    ...(kind.needs.includes('control') ? { control: byName(controlResource, names.controlInstance) } : {}),
  };
}

/**
 * What a component's planner reads: its pods, Service and ConfigMap, its peers, the cluster's members
 * for a kind that lists them, and its certificates kept or signed. From the controller's caches, or
 * from a listing (the benchmark's floor).
 */
export async function observeComponent(
  reads: ClusterReads,
  access: CertificateAccess,
  kind: ComponentKind,
  object: Component,
  certificateLifetimeMs: number,
): Promise<ComponentObserved> {
  const namespace = object.metadata.namespace ?? '';
  const name = object.metadata.name ?? '';
  const pods = reads.of(podResource).byIndex(SERVICE_POD_INDEX, `${namespace}/${kind.type}/${name}`);
  const service = reads.of(serviceResource).get(serviceName(kind.type, name), namespace);
  // The names the pods are reached by: the Service's, for the kinds that publish one.
  const reachedAs =
    Object.keys(kind.ports(object)).length > 0
      ? { name: serviceName(kind.type, name), namespace, clusterIP: service?.spec?.clusterIP }
      : undefined;
  return {
    object,
    pods,
    service,
    configMap: reads.of(configMapResource).get(configMapName(kind.type, name), namespace),
    peers: observePeers(reads, kind, object),
    ...(kind.readsCluster ? { members: observeMembers(reads, object) } : {}),
    certificates: await componentCertificates(
      access,
      { namespace, name },
      pods,
      reachedAs,
      new Date(),
      certificateLifetimeMs,
    ),
  };
}

function reconcileSteps(
  ctx: ControllerContext,
  kind: ComponentKind,
  certificateLifetimeMs: number,
): ReconcileSteps<Component, ComponentObserved, ComponentPlan> {
  return {
    resource: kind.resource,
    observe: (object) => observeComponent(ctx.informers, ctx, kind, object, certificateLifetimeMs),
    plan: (observed, { now }) => planComponent(kind, observed, now),
  };
}

/** The components of the peer's namespace that name it, by instance name or by cluster label. */
function dependents(
  kind: ComponentKind,
  peer: PeerType | 'member',
  object: KubernetesObject,
  caches: InformerSet,
): string[] {
  const namespace = object.metadata?.namespace ?? '';
  const name = object.metadata?.name ?? '';
  const cluster = object.metadata?.labels?.[CLUSTER_LABEL];
  return caches
    .of(kind.resource)
    .list()
    .filter((component) => {
      if (component.metadata.namespace !== namespace) return false;
      const names = peerNames(component);
      if (peer === 'cassandra') return names.cassandraInstance === name;
      if (peer === 'zookeeper') return names.zookeeperInstance === name;
      if (peer === 'control') return names.controlInstance === name;
      return cluster !== undefined && names.cluster === cluster;
    })
    .map((component) => `${namespace}/${component.metadata.name ?? ''}`);
}

/**
 * Deletion of a kind with cluster-wide access: its ClusterRole and binding, which the namespaced
 * component cannot own, go by name (the rest goes with the component, as its owner).
 */
async function removeClusterAccess(
  ctx: ControllerContext,
  kind: ComponentKind,
  object: Component,
): Promise<undefined> {
  for (const granted of kind.clusterAccess?.render(object) ?? []) {
    const resource = granted.kind === 'ClusterRole' ? clusterRoleResource : clusterRoleBindingResource;
    await deleteObject(ctx.kc, resource, undefined, granted.metadata?.name ?? '');
    ctx.metrics.writes.inc({ controller: ctx.controller.name, verb: 'delete' });
  }
  return undefined;
}

function componentDeclaration(kind: ComponentKind): RackpilotController<Component> {
  const peerWatches: { peer: PeerType | 'member'; resource: ResourceDescriptor }[] = [
    ...kind.needs.map((peer) => ({ peer, resource: PEER_RESOURCES[peer] })),
    // Any member's status (pods, addresses, AS) is in the rendered lists; by the cluster label.
    ...(kind.readsCluster
      ? MEMBER_RESOURCES.filter((r) => !kind.needs.some((peer) => PEER_RESOURCES[peer] === r)).map(
          (resource) => ({ peer: 'member' as const, resource }),
        )
      : []),
  ];
  return {
    name: kind.type,
    switch: 'contrail',
    reconciles: kind.resource,
    owns: [
      configMapResource,
      secretResource,
      serviceResource,
      statefulSetResource,
      ...(kind.serviceAccount ? [serviceAccountResource] : []),
      ...(kind.clusterAccess ? [clusterRoleResource, clusterRoleBindingResource] : []),
    ],
    watches: [
      {
        resource: podResource,
        labelSelector: SERVICE_POD_SELECTOR,
        map: (pod) => {
          const type = pod.metadata?.labels?.[SERVICE_TYPE_LABEL];
          const owner = type === kind.type ? pod.metadata?.labels?.[type] : undefined;
          return owner ? [`${pod.metadata?.namespace ?? ''}/${owner}`] : [];
        },
      },
      caSecretWatch(kind.resource),
      // A peer's status (active, pod IPs, ports) is what the configuration is rendered from.
      ...peerWatches.map(({ peer, resource }) => ({
        resource,
        map: (object: KubernetesObject, _previous: KubernetesObject | undefined, caches: InformerSet) =>
          dependents(kind, peer, object, caches),
      })),
    ],
    indexes: [servicePodIndex],
    ...(kind.clusterAccess
      ? // Its ServiceAccount's ClusterRole hands these on: RBAC lets nobody grant what it does not hold.
        { finalizer: kind.clusterAccess.finalizer, delegates: kind.clusterAccess.rules }
      : {}),
    workers: 4,
    setup: (ctx, services) => ({
      reconcile: reconcileWith(ctx, reconcileSteps(ctx, kind, services.contrailCertificateLifetimeMs)),
      ...(kind.clusterAccess
        ? { finalize: (object: Component) => removeClusterAccess(ctx, kind, object) }
        : {}),
    }),
  };
}

export const configDeclaration = componentDeclaration(configKind);
export const controlDeclaration = componentDeclaration(controlKind);
export const kubemanagerDeclaration = componentDeclaration(kubemanagerKind);
export const webuiDeclaration = componentDeclaration(webuiKind);
export const provisionManagerDeclaration = componentDeclaration(provisionManagerKind);
