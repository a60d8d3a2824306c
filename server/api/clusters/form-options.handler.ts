import { defaultSipClusterForm } from '../../schemas/sip-cluster-form';
import { namespacesOfCaller } from '../object-names';
import type { HandlerOptions } from '../trpc';
import { visibleScope } from '../caller-scope';
import { visibleHosts } from '../hosts/host-cache';
import { clusterInformer } from './cluster-cache';
import { labelOptions } from './label-options';
import { freeNodePorts, nodePortsOf } from './port-conflicts';

/**
 * What the create form offers: the label keys and values of the hosts the caller sees, and the
 * namespaces that exist among theirs.
 */
export async function formOptionsHandler({ ctx }: HandlerOptions) {
  const scope = visibleScope(ctx.scope);
  const namespaces = await namespacesOfCaller(ctx.runtime.kc, scope);
  return {
    labels: labelOptions(visibleHosts(ctx.runtime, scope)),
    namespaces,
    /** The form's default nodePorts moved past those other SIPClusters use (node ports are cluster-wide). */
    freePorts: freeNodePorts(
      nodePortsOf(defaultSipClusterForm().services),
      clusterInformer(ctx.runtime).list(),
    ),
  };
}
