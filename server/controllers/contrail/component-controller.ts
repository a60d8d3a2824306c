import type { KubernetesObject } from '@kubernetes/client-node';
import type { ControllerContext } from '../../kube/controller-context';
import type { InformerSet } from '../../kube/informer-set';
import { reconcileWith, type ReconcileSteps } from '../../kube/reconcile-steps';
import {
  configMapResource,
  podResource,
  serviceResource,
  statefulSetResource,
  type ResourceDescriptor,
} from '../../kube/resource';
import { cassandraResource } from '../../types/crds/cassandra';
import { configResource } from '../../types/crds/config';
import { rabbitmqResource } from '../../types/crds/rabbitmq';
import { zookeeperResource } from '../../types/crds/zookeeper';
import type { RackpilotController } from '../controller-services';
import { configKind, type Component, type ComponentKind } from './component-kinds';
import { controlKind } from './control-kind';
import { peerNames, type PeerType, type Peers } from './component-peers';
import { CLUSTER_LABEL, configMapName, serviceName, SERVICE_TYPE_LABEL } from './contrail-names';
import { SERVICE_POD_INDEX, SERVICE_POD_SELECTOR, servicePodIndex } from './data-service-controller';
import { planComponent, type ComponentObserved, type ComponentPlan } from './plan-component';

const PEER_RESOURCES: Record<PeerType, ResourceDescriptor> = {
  cassandra: cassandraResource,
  zookeeper: zookeeperResource,
  rabbitmq: rabbitmqResource,
  config: configResource,
};

/** RabbitMQ and Config are found by the cluster label; a cluster has one of each. */
function labelledPeer<T extends KubernetesObject>(
  caches: InformerSet,
  resource: ResourceDescriptor<T>,
  namespace: string,
  cluster: string | undefined,
): T | undefined {
  if (!cluster) return undefined;
  return caches
    .of(resource)
    .list()
    .find((o) => o.metadata?.namespace === namespace && o.metadata.labels?.[CLUSTER_LABEL] === cluster);
}

function observePeers(caches: InformerSet, kind: ComponentKind, object: Component): Peers {
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
  };
}

function reconcileSteps(
  ctx: ControllerContext,
  kind: ComponentKind,
): ReconcileSteps<Component, ComponentObserved, ComponentPlan> {
  return {
    resource: kind.resource,
    observe: (object) => {
      const namespace = object.metadata.namespace ?? '';
      const name = object.metadata.name ?? '';
      return {
        object,
        pods: ctx.informers.of(podResource).byIndex(SERVICE_POD_INDEX, `${namespace}/${kind.type}/${name}`),
        service: ctx.informers.of(serviceResource).get(serviceName(kind.type, name), namespace),
        configMap: ctx.informers.of(configMapResource).get(configMapName(kind.type, name), namespace),
        peers: observePeers(ctx.informers, kind, object),
      };
    },
    plan: (observed, { now }) => planComponent(kind, observed, now),
  };
}

/** The components of the peer's namespace that name it, by instance name or by cluster label. */
function dependents(
  kind: ComponentKind,
  peer: PeerType,
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
      return cluster !== undefined && names.cluster === cluster;
    })
    .map((component) => `${namespace}/${component.metadata.name ?? ''}`);
}

function componentDeclaration(kind: ComponentKind): RackpilotController<Component> {
  return {
    name: kind.type,
    switch: 'contrail',
    reconciles: kind.resource,
    owns: [configMapResource, serviceResource, statefulSetResource],
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
      // A peer's status (active, pod IPs, ports) is what the configuration is rendered from.
      ...kind.needs.map((peer) => ({
        resource: PEER_RESOURCES[peer],
        map: (object: KubernetesObject, _previous: KubernetesObject | undefined, caches: InformerSet) =>
          dependents(kind, peer, object, caches),
      })),
    ],
    indexes: [servicePodIndex],
    workers: 4,
    setup: (ctx) => ({ reconcile: reconcileWith(ctx, reconcileSteps(ctx, kind)) }),
  };
}

export const configDeclaration = componentDeclaration(configKind);
export const controlDeclaration = componentDeclaration(controlKind);
