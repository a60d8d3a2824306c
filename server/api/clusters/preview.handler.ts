import type { z } from 'zod';
import { previewSipSchedule } from '../../controllers/sip-cluster';
import type { sipPreviewSchema } from '../../schemas/sip-cluster-form';
import { nodesOfRoles } from '../../schemas/sip-cluster-object';
import type { HandlerOptions } from '../trpc';
import { clusterInformer, hostInformer } from './cluster-cache';
import { nodePortConflicts } from './port-conflicts';

/** Per role: free hosts matching, schedulable under anti-affinity, shortfall; and node-port clashes. */
export function previewHandler({ ctx, input }: HandlerOptions<z.output<typeof sipPreviewSchema>>) {
  return {
    roles: previewSipSchedule(
      { nodes: nodesOfRoles(input.roles), services: {} },
      input.namespace,
      input.name,
      hostInformer(ctx.runtime).list(),
    ),
    portConflicts: nodePortConflicts(input, clusterInformer(ctx.runtime).list()),
  };
}
