import type { z } from 'zod';
import { previewSipSchedule } from '../../controllers/sip-cluster';
import type { sipPreviewSchema } from '../../schemas/sip-cluster-form';
import { nodesOfRoles } from '../../schemas/sip-cluster-object';
import type { HandlerOptions } from '../trpc';
import { clusterInformer, hostInformer } from './cluster-cache';
import { nodePortConflicts } from './port-conflicts';

/**
 * Per role: free hosts matching, schedulable under anti-affinity, shortfall, the hosts it would
 * take and the others grouped by the scheduler's reason (searched); and node-port clashes.
 */
export function previewHandler({ ctx, input }: HandlerOptions<z.output<typeof sipPreviewSchema>>) {
  return {
    roles: previewSipSchedule(
      { nodes: nodesOfRoles(input.roles), services: {} },
      input.namespace,
      input.name,
      hostInformer(ctx.runtime).list(),
      { search: input.search },
    ),
    portConflicts: nodePortConflicts(input, clusterInformer(ctx.runtime).list()),
  };
}
