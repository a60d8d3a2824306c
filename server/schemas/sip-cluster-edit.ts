/**
 * A live SIPCluster as the tenant-cluster form's values, and the fields an edit cannot change. Pure.
 */
import type { SIPCluster } from '../types/crds/sip-cluster';
import { readDocument, type DocumentReading } from './document-problem';
import { JUMP_HOST_BMC_CREDENTIALS_ANNOTATION } from './jump-host-bmc-credentials';
import { sipClusterDocumentSchema } from './sip-cluster-document';
import type { SipClusterForm } from './sip-cluster-form';

/** Name and namespace make the object's identity; the Services the controller made are named after it. */
export const SIP_CLUSTER_FIXED_FIELDS: Record<string, string> = {
  namespace: 'an object cannot move to another namespace',
  name: 'a Kubernetes object cannot be renamed (its load balancers and jump host are named after it)',
};

/**
 * The form's values of a live SIPCluster, read as the YAML tab reads a document: what the form has no
 * field for (status, others' labels and annotations) is left out, and a spec the form cannot hold (two
 * jump hosts, a clusterIP) is named instead.
 */
export function sipClusterFormOf(cluster: SIPCluster): DocumentReading<SipClusterForm> {
  const mode = cluster.metadata.annotations?.[JUMP_HOST_BMC_CREDENTIALS_ANNOTATION];
  return readDocument(sipClusterDocumentSchema, {
    apiVersion: cluster.apiVersion,
    kind: cluster.kind,
    metadata: {
      name: cluster.metadata.name,
      namespace: cluster.metadata.namespace,
      ...(mode === undefined ? {} : { annotations: { [JUMP_HOST_BMC_CREDENTIALS_ANNOTATION]: mode } }),
    },
    spec: cluster.spec,
  });
}
