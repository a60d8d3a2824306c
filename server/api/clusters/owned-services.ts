import type { KubeConfig } from '@kubernetes/client-node';
import { SIP_CLUSTER_OWNER_LABEL } from '../../controllers/sip-cluster';
import type { InformerSet } from '../../kube/informer-set';
import { fetchOwnedWorkloads, ownedWorkloadsFromCache, type OwnedServicesView } from '../owned-workloads';

export type { OwnedDeploymentView, OwnedServicesView, OwnedServiceView } from '../owned-workloads';

/** The Deployments and Services a SIPCluster owns, from the caches; undefined when not cached. */
export function ownedServicesFromCache(
  informers: InformerSet,
  namespace: string,
  name: string,
): OwnedServicesView | undefined {
  return ownedWorkloadsFromCache(informers, { namespace, label: SIP_CLUSTER_OWNER_LABEL, name });
}

/** The Deployments and Services a SIPCluster owns (label rackpilot.io/sip-cluster=<name>). */
export function fetchOwnedServices(
  kc: KubeConfig,
  informers: InformerSet,
  namespace: string,
  name: string,
): Promise<OwnedServicesView> {
  return fetchOwnedWorkloads(kc, informers, { namespace, label: SIP_CLUSTER_OWNER_LABEL, name });
}
