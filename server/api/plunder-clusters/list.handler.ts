import type { Runtime } from '../../runtime';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { clusterMachines, plunderClusters, subscribePlunderClusters } from './plunder-cluster-cache';
import {
  queryPlunderClusters,
  type PlunderClusterPage,
  type PlunderClusterQuery,
} from './plunder-cluster-query';
import { buildPlunderClusterRow } from './plunder-cluster-row';

function plunderClusterPage(runtime: Runtime, query: PlunderClusterQuery): PlunderClusterPage {
  const rows = plunderClusters(runtime)
    .list()
    .map((cluster) =>
      buildPlunderClusterRow(
        cluster,
        clusterMachines(runtime, cluster.metadata.namespace ?? '', cluster.metadata.name ?? ''),
      ),
    );
  return queryPlunderClusters(rows, query);
}

/** One page of Plunder cluster rows, live. */
export function listHandler({ ctx, input, signal }: HandlerOptions<PlunderClusterQuery>) {
  return liveView(
    subscribePlunderClusters(ctx.runtime),
    () => plunderClusterPage(ctx.runtime, input),
    signal,
  );
}
