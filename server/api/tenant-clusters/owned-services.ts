import type { KubeConfig, KubernetesObject, V1Deployment, V1Service } from '@kubernetes/client-node';
import { kubeGetJson } from '../../kube/kube-request';
import type { InformerSet } from '../../kube/informer-set';
import {
  collectionPath,
  deploymentResource,
  serviceResource,
  type ResourceDescriptor,
} from '../../kube/resource';
import { SIP_CLUSTER_OWNER_LABEL } from '../../controllers/sip-cluster/sip-names';

export interface OwnedDeploymentView {
  name: string;
  replicas: number;
  ready: number;
  available: number;
  updated: number;
  images: string[];
  /** Available/Progressing/ReplicaFailure conditions that are not True, as "Type: message". */
  problems: string[];
  createdAt?: string;
}

export interface OwnedServiceView {
  name: string;
  type: string;
  clusterIP?: string;
  ports: { name?: string; port: number; nodePort?: number; protocol: string }[];
}

export interface OwnedServicesView {
  deployments: OwnedDeploymentView[];
  services: OwnedServiceView[];
  /** 'cache' when served from the informers, 'api' when listed from the API server. */
  source: 'cache' | 'api';
}

function iso(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const date = new Date(value as string);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function deploymentView(deployment: V1Deployment): OwnedDeploymentView {
  const status = deployment.status;
  return {
    name: deployment.metadata?.name ?? '',
    replicas: deployment.spec?.replicas ?? 1,
    ready: status?.readyReplicas ?? 0,
    available: status?.availableReplicas ?? 0,
    updated: status?.updatedReplicas ?? 0,
    images: (deployment.spec?.template.spec?.containers ?? []).map((container) => container.image ?? ''),
    problems: (status?.conditions ?? [])
      .filter((condition) =>
        condition.type === 'ReplicaFailure' ? condition.status === 'True' : condition.status !== 'True',
      )
      .map((condition) => `${condition.type}: ${condition.message ?? condition.reason ?? condition.status}`),
    createdAt: iso(deployment.metadata?.creationTimestamp),
  };
}

export function serviceView(service: V1Service): OwnedServiceView {
  return {
    name: service.metadata?.name ?? '',
    type: service.spec?.type ?? 'ClusterIP',
    clusterIP: service.spec?.clusterIP,
    ports: (service.spec?.ports ?? []).map((port) => ({
      name: port.name,
      port: port.port,
      nodePort: port.nodePort,
      protocol: port.protocol ?? 'TCP',
    })),
  };
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

function hasInformer(informers: InformerSet, kind: string): boolean {
  return informers.all().some((informer) => informer.resource.kind === kind);
}

function isOwnedBy(object: KubernetesObject, namespace: string, name: string): boolean {
  return (
    object.metadata?.namespace === namespace && object.metadata.labels?.[SIP_CLUSTER_OWNER_LABEL] === name
  );
}

/** Whether the server runs informers for Deployments and Services (then the views are live). */
export function ownedServicesCached(informers: InformerSet): boolean {
  return hasInformer(informers, deploymentResource.kind) && hasInformer(informers, serviceResource.kind);
}

/** The owned Deployments and Services from the informer caches; undefined when there are none. */
export function ownedServicesFromCache(
  informers: InformerSet,
  namespace: string,
  name: string,
): OwnedServicesView | undefined {
  if (!ownedServicesCached(informers)) return undefined;
  const deployments = informers.informer<V1Deployment>(deploymentResource.kind).list();
  const services = informers.informer<V1Service>(serviceResource.kind).list();
  return {
    deployments: deployments
      .filter((d) => isOwnedBy(d, namespace, name))
      .map(deploymentView)
      .sort(byName),
    services: services
      .filter((s) => isOwnedBy(s, namespace, name))
      .map(serviceView)
      .sort(byName),
    source: 'cache',
  };
}

async function listOwned<T extends KubernetesObject>(
  kc: KubeConfig,
  resource: ResourceDescriptor,
  namespace: string,
  name: string,
): Promise<T[]> {
  const list = await kubeGetJson<{ items?: T[] }>(
    kc,
    collectionPath(resource, namespace),
    { labelSelector: `${SIP_CLUSTER_OWNER_LABEL}=${name}`, limit: 500 },
    10_000,
  );
  return list.items ?? [];
}

/**
 * The Deployments and Services a SIPCluster owns (label rackpilot.io/sip-cluster=<name> in its
 * namespace): from the informer caches when the server runs informers for them, otherwise listed
 * from the API server on demand.
 */
export async function fetchOwnedServices(
  kc: KubeConfig,
  informers: InformerSet,
  namespace: string,
  name: string,
): Promise<OwnedServicesView> {
  const cached = ownedServicesFromCache(informers, namespace, name);
  if (cached) return cached;
  const [deployments, services] = await Promise.all([
    listOwned<V1Deployment>(kc, deploymentResource, namespace, name),
    listOwned<V1Service>(kc, serviceResource, namespace, name),
  ]);
  return {
    deployments: deployments.map(deploymentView).sort(byName),
    services: services.map(serviceView).sort(byName),
    source: 'api',
  };
}
