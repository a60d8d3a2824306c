import { deploymentResource, serviceResource } from '../../kube/resource';
import type { Runtime } from '../../runtime';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { sipClusterResource } from '../../types/crds/sip-cluster';

/** What a cluster's rows are read from. */
export const CLUSTER_RESOURCES = [sipClusterResource, bareMetalHostResource];
/** What its page is read from: also the Deployments and Services it owns, when cached. */
export const CLUSTER_DETAIL_RESOURCES = [...CLUSTER_RESOURCES, deploymentResource, serviceResource];

export function clusterInformer(runtime: Runtime) {
  return runtime.informers.of(sipClusterResource);
}

export function hostInformer(runtime: Runtime) {
  return runtime.informers.of(bareMetalHostResource);
}
