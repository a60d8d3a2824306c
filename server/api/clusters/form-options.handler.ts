import { defaultSipClusterForm } from '../../schemas/sip-cluster-form';
import { namespaceNames } from '../object-names';
import type { HandlerOptions } from '../trpc';
import { clusterInformer, hostInformer } from './cluster-cache';
import { labelOptions } from './label-options';
import { freeNodePorts, nodePortsOf } from './port-conflicts';

/** What the create form offers: host label keys and values, and the namespaces that exist. */
export async function formOptionsHandler({ ctx }: HandlerOptions) {
  return {
    labels: labelOptions(hostInformer(ctx.runtime).list()),
    namespaces: await namespaceNames(ctx.runtime.kc),
    /** The form's default nodePorts moved past those other SIPClusters use. */
    freePorts: freeNodePorts(
      nodePortsOf(defaultSipClusterForm().services),
      clusterInformer(ctx.runtime).list(),
    ),
  };
}
