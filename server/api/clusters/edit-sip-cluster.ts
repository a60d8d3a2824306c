import type { NamespaceScope } from '../../access/namespace-scope';
import type { Runtime } from '../../runtime';
import { SIP_CLUSTER_FIXED_FIELDS, sipClusterFormOf } from '../../schemas/sip-cluster-edit';
import type { SipClusterForm } from '../../schemas/sip-cluster-form';
import { formFieldOfObjectPath, sipClusterFromForm } from '../../schemas/sip-cluster-object';
import { sipClusterResource, type SIPCluster } from '../../types/crds/sip-cluster';
import { wholeObject, type EditTarget } from '../object-edit';
import { sipClusterChecks } from './create-sip-cluster';

/** A SIPCluster edited through the tenant-cluster form, with the create's checks across objects. */
export function editableSipCluster(
  runtime: Runtime,
  scope: NamespaceScope,
): EditTarget<SIPCluster, SipClusterForm> {
  return wholeObject(runtime.kc, {
    resource: sipClusterResource,
    formOf: sipClusterFormOf,
    objectOf: sipClusterFromForm,
    fixed: SIP_CLUSTER_FIXED_FIELDS,
    fieldOf: formFieldOfObjectPath,
    checks: (values) => sipClusterChecks(runtime, values, scope),
  });
}
