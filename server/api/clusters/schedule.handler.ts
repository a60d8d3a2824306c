import { previewSipSchedule, type SipRolePreview } from '../../controllers/sip-cluster';
import type { Runtime } from '../../runtime';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { CLUSTER_RESOURCES, clusterInformer, hostInformer } from './cluster-cache';
import type { ScheduleInput } from './schedule.schema';

export type ClusterScheduleMessage = { found: true; roles: SipRolePreview[] } | { found: false };

function clusterSchedule(runtime: Runtime, input: ScheduleInput): ClusterScheduleMessage {
  const cluster = clusterInformer(runtime).get(input.name, input.namespace);
  if (!cluster) return { found: false };
  return {
    found: true,
    roles: previewSipSchedule(cluster.spec, input.namespace, input.name, hostInformer(runtime).list(), {
      search: input.search,
    }),
  };
}

/** An existing SIPCluster's schedule host by host, as the controller sees it, live as hosts change. */
export function scheduleHandler({ ctx, input, signal }: HandlerOptions<ScheduleInput>) {
  return liveView(
    changesOf(ctx.runtime.informers, CLUSTER_RESOURCES),
    () => clusterSchedule(ctx.runtime, input),
    signal,
  );
}
