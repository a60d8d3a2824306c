import type { Runtime } from '../../runtime';
import { liveView } from '../live-view';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import {
  clusterMachines,
  hardwareStateOf,
  plunderClusters,
  subscribePlunderClusters,
} from './plunder-cluster-cache';
import { clusterRemoval, type ClusterRemoval } from './plunder-cluster-removal';
import {
  buildPlunderClusterRow,
  plunderMachineView,
  type PlunderClusterRow,
  type PlunderMachineView,
} from './plunder-cluster-row';

export interface PlunderClusterDetailView {
  row: PlunderClusterRow;
  pool: { subnet?: string; gateway?: string; start?: string; end?: string };
  machines: PlunderMachineView[];
  /** What a delete removes now, for its confirmation. */
  removal: ClusterRemoval;
}

export type PlunderClusterDetailMessage =
  { found: true; cluster: PlunderClusterDetailView } | { found: false };

function plunderClusterDetail(runtime: Runtime, ref: ObjectRef): PlunderClusterDetailMessage {
  const cluster = plunderClusters(runtime).get(ref.name, ref.namespace);
  if (!cluster) return { found: false };
  const machines = clusterMachines(runtime, ref.namespace, ref.name);
  const views = machines
    .map((machine) => plunderMachineView(machine, hardwareStateOf(runtime)))
    .sort((a, b) => a.name.localeCompare(b.name));
  const spec = cluster.spec ?? {};
  return {
    found: true,
    cluster: {
      row: buildPlunderClusterRow(cluster, machines),
      pool: { subnet: spec.subnet, gateway: spec.gateway, start: spec.ipPool?.start, end: spec.ipPool?.end },
      machines: views,
      removal: clusterRemoval(views),
    },
  };
}

/** One Plunder cluster with its machines and their hardware, live. */
export function detailHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  return liveView(
    subscribePlunderClusters(ctx.runtime),
    () => plunderClusterDetail(ctx.runtime, input),
    signal,
  );
}
