import type { KubeConfig, KubernetesObject, V1Deployment, V1Service } from '@kubernetes/client-node';
import type { InformerSet } from '../kube/informer-set';
import { kubeGetJson } from '../kube/kube-request';
import {
  collectionPath,
  deploymentResource,
  serviceResource,
  type ResourceDescriptor,
} from '../kube/resource';
import { isoTime } from './iso-time';

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

/** Which objects belong to one owner: those in its namespace carrying `label=name`. */
export interface OwnerSelector {
  namespace: string;
  label: string;
  name: string;
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
    createdAt: isoTime(deployment.metadata?.creationTimestamp),
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

function isOwnedBy(object: KubernetesObject, owner: OwnerSelector): boolean {
  return (
    object.metadata?.namespace === owner.namespace && object.metadata.labels?.[owner.label] === owner.name
  );
}

/** Whether the server runs informers for Deployments and Services (then the views are live). */
export function ownedWorkloadsCached(informers: InformerSet): boolean {
  return hasInformer(informers, deploymentResource.kind) && hasInformer(informers, serviceResource.kind);
}

/** The owned Deployments and Services from the informer caches; undefined when there are none. */
export function ownedWorkloadsFromCache(
  informers: InformerSet,
  owner: OwnerSelector,
): OwnedServicesView | undefined {
  if (!ownedWorkloadsCached(informers)) return undefined;
  const deployments = informers.of(deploymentResource).list();
  const services = informers.of(serviceResource).list();
  return {
    deployments: deployments
      .filter((d) => isOwnedBy(d, owner))
      .map(deploymentView)
      .sort(byName),
    services: services
      .filter((s) => isOwnedBy(s, owner))
      .map(serviceView)
      .sort(byName),
    source: 'cache',
  };
}

async function listOwned<T extends KubernetesObject>(
  kc: KubeConfig,
  resource: ResourceDescriptor,
  owner: OwnerSelector,
): Promise<T[]> {
  const list = await kubeGetJson<{ items?: T[] }>(
    kc,
    collectionPath(resource, owner.namespace),
    { labelSelector: `${owner.label}=${owner.name}`, limit: 500 },
    10_000,
  );
  return list.items ?? [];
}

/**
 * The Deployments and Services an owner has: from the informer caches when the server runs
 * informers for them, otherwise listed from the API server on demand.
 */
export async function fetchOwnedWorkloads(
  kc: KubeConfig,
  informers: InformerSet,
  owner: OwnerSelector,
): Promise<OwnedServicesView> {
  const cached = ownedWorkloadsFromCache(informers, owner);
  if (cached) return cached;
  const [deployments, services] = await Promise.all([
    listOwned<V1Deployment>(kc, deploymentResource, owner),
    listOwned<V1Service>(kc, serviceResource, owner),
  ]);
  return {
    deployments: deployments.map(deploymentView).sort(byName),
    services: services.map(serviceView).sort(byName),
    source: 'api',
  };
}
