import { previewSipSchedule, type SipRolePreview } from '../../controllers/sip-cluster';
import type { NamespaceScope } from '../../access/namespace-scope';
import type { Runtime } from '../../runtime';
import { visibleScope } from '../caller-scope';
import { visibleHosts } from '../hosts/host-cache';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { CLUSTER_RESOURCES, clusterInformer } from './cluster-cache';
import type { ScheduleInput } from './schedule.schema';

export type ClusterScheduleMessage = { found: true; roles: SipRolePreview[] } | { found: false };

/** Over the caller's hosts only: one bound to some namespaces sees what their hosts would give. */
function clusterSchedule(
  runtime: Runtime,
  input: ScheduleInput,
  scope: NamespaceScope,
): ClusterScheduleMessage {
  const cluster = clusterInformer(runtime).get(input.name, input.namespace);
  if (!cluster) return { found: false };
  return {
    found: true,
    roles: previewSipSchedule(cluster.spec, input.namespace, input.name, visibleHosts(runtime, scope), {
      search: input.search,
    }),
  };
}

/** An existing SIPCluster's schedule host by host, as the controller sees it, live as hosts change. */
export function scheduleHandler({ ctx, input, signal }: HandlerOptions<ScheduleInput>) {
  const scope = visibleScope(ctx.scope);
  return liveView(
    changesOf(ctx.runtime.informers, CLUSTER_RESOURCES),
    () => clusterSchedule(ctx.runtime, input, scope),
    signal,
  );
}
