import type { V1ObjectMeta } from '@kubernetes/client-node';
import { controllerReference } from '../../kube/owner-references';
import { sipClusterResource, type SIPCluster } from '../../types/crds/sip-cluster';
import { SIP_CLUSTER_OWNER_LABEL } from './sip-names';

/** The identity of one support service: its instance name and its app.kubernetes.io labels. */
export interface ServiceIdentity {
  instance: string;
  component: string;
  app: string;
}

/**
 * The four app.kubernetes.io labels upstream puts on every object of a service. They are also the
 * pod labels and the Deployment/Service selector, so they must never change for an instance
 * (Deployment selectors are immutable).
 */
export function appLabels({ instance, component, app }: ServiceIdentity): Record<string, string> {
  return {
    'app.kubernetes.io/part-of': 'sip',
    'app.kubernetes.io/component': component,
    'app.kubernetes.io/name': app,
    'app.kubernetes.io/instance': instance,
  };
}

/**
 * Metadata of an owned object: in the SIPCluster's namespace, named after the instance, labelled
 * with the app labels plus our owner label, and with a controller ownerReference so deleting the
 * SIPCluster garbage-collects it (upstream set none and leaked every object).
 */
export function ownedMetadata(
  cluster: SIPCluster,
  identity: ServiceIdentity,
  annotations?: Record<string, string>,
): V1ObjectMeta {
  return {
    name: identity.instance,
    namespace: cluster.metadata.namespace ?? '',
    labels: { ...appLabels(identity), [SIP_CLUSTER_OWNER_LABEL]: cluster.metadata.name ?? '' },
    ...(annotations ? { annotations } : {}),
    ownerReferences: [controllerReference(cluster, sipClusterResource)],
  };
}
