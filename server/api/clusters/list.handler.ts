import type { NamespaceScope } from '../../access/namespace-scope';
import { objectsInScope } from '../../access/scope-filters';
import type { Runtime } from '../../runtime';
import { visibleScope } from '../caller-scope';
import { changesOf } from '../change-subscription';
import type { HandlerOptions } from '../trpc';
import { CLUSTER_RESOURCES, clusterInformer, hostInformer } from './cluster-cache';
import { queryClusters, type ClusterPage, type ClusterQuery } from './cluster-query';
import { buildClusterRow, countClusterHosts } from './cluster-row';

/**
 * The rows of the clusters in the caller's namespaces. A row's host counts are its cluster's own size,
 * whatever namespace the hosts it claims live in.
 */
function clusterPage(runtime: Runtime, query: ClusterQuery, scope: NamespaceScope): ClusterPage {
  const counts = countClusterHosts(hostInformer(runtime).list());
  const rows = objectsInScope(scope, clusterInformer(runtime).list()).map((cluster) =>
    buildClusterRow(cluster, counts),
  );
  return queryClusters(rows, query);
}

/** One page of SIPCluster rows, live; shared by the callers with the same namespaces. */
export function listHandler({ ctx, input, signal }: HandlerOptions<ClusterQuery>) {
  const scope = visibleScope(ctx.scope);
  return ctx.runtime.liveViews.view(
    `clusters.list ${scope.key} ${JSON.stringify(input)}`,
    changesOf(ctx.runtime.informers, CLUSTER_RESOURCES),
    () => clusterPage(ctx.runtime, input, scope),
    signal,
  );
}
