import type { z } from 'zod';
import { previewSipSchedule } from '../../controllers/sip-cluster';
import type { sipPreviewSchema } from '../../schemas/sip-cluster-form';
import { nodesOfRoles } from '../../schemas/sip-cluster-object';
import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { visibleHosts } from '../hosts/host-cache';
import { clusterInformer } from './cluster-cache';
import { nodePortConflicts } from './port-conflicts';

/**
 * Per role: free hosts matching, schedulable under anti-affinity, shortfall, the hosts it would
 * take and the others grouped by the scheduler's reason (searched); and node-port clashes. Of the
 * caller's hosts: a caller bound to some namespaces sees what their namespaces' hosts would give.
 */
export function previewHandler({ ctx, input }: HandlerOptions<z.output<typeof sipPreviewSchema>>) {
  const scope = visibleScope(ctx.scope);
  return {
    roles: previewSipSchedule(
      { nodes: nodesOfRoles(input.roles), services: {} },
      input.namespace,
      input.name,
      visibleHosts(ctx.runtime, scope),
      { search: input.search },
    ),
    portConflicts: nodePortConflicts(input, clusterInformer(ctx.runtime).list(), scope),
  };
}
