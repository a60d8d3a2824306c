import type { Runtime } from '../../runtime';
import { changesOf } from '../change-subscription';
import type { HandlerOptions } from '../trpc';
import { CLUSTER_RESOURCES, clusterInformer, hostInformer } from './cluster-cache';
import { queryClusters, type ClusterPage, type ClusterQuery } from './cluster-query';
import { buildClusterRow, countClusterHosts } from './cluster-row';

function clusterPage(runtime: Runtime, query: ClusterQuery): ClusterPage {
  const counts = countClusterHosts(hostInformer(runtime).list());
  const rows = clusterInformer(runtime)
    .list()
    .map((cluster) => buildClusterRow(cluster, counts));
  return queryClusters(rows, query);
}

/** One page of SIPCluster rows, live. */
export function listHandler({ ctx, input, signal }: HandlerOptions<ClusterQuery>) {
  return ctx.runtime.liveViews.view(
    `clusters.list ${JSON.stringify(input)}`,
    changesOf(ctx.runtime.informers, CLUSTER_RESOURCES),
    () => clusterPage(ctx.runtime, input),
    signal,
  );
}
