import type { NamespaceScope } from '../../access/namespace-scope';
import { objectsInScope } from '../../access/scope-filters';
import type { Runtime } from '../../runtime';
import { visibleScope } from '../caller-scope';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { clusterMachines, plunderClusters, subscribePlunderClusters } from './plunder-cluster-cache';
import {
  queryPlunderClusters,
  type PlunderClusterPage,
  type PlunderClusterQuery,
} from './plunder-cluster-query';
import { buildPlunderClusterRow } from './plunder-cluster-row';

/** The Plunder clusters of the caller's namespaces, each with its machines (of its own namespace). */
function plunderClusterPage(
  runtime: Runtime,
  query: PlunderClusterQuery,
  scope: NamespaceScope,
): PlunderClusterPage {
  const rows = objectsInScope(scope, plunderClusters(runtime).list()).map((cluster) =>
    buildPlunderClusterRow(
      cluster,
      clusterMachines(runtime, cluster.metadata.namespace ?? '', cluster.metadata.name ?? ''),
    ),
  );
  return queryPlunderClusters(rows, query);
}

/** One page of Plunder cluster rows, live. */
export function listHandler({ ctx, input, signal }: HandlerOptions<PlunderClusterQuery>) {
  const scope = visibleScope(ctx.scope);
  return liveView(
    subscribePlunderClusters(ctx.runtime),
    () => plunderClusterPage(ctx.runtime, input, scope),
    signal,
  );
}
