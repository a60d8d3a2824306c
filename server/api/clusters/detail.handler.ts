import { macVendor } from '../../inventory/mac-vendor';
import type { Runtime } from '../../runtime';
import { rackLabelKeys } from '../hosts/host-cache';
import { cachedRowBuilder } from '../hosts/host-row';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { buildClusterDetail, type ClusterDetailView } from './cluster-detail';
import { CLUSTER_DETAIL_RESOURCES, clusterInformer, hostInformer } from './cluster-cache';
import { ownedServicesFromCache, type OwnedServicesView } from './owned-services';

const indexHost = cachedRowBuilder(macVendor, rackLabelKeys);

export type ClusterDetailMessage =
  { found: true; cluster: ClusterDetailView; owned?: OwnedServicesView } | { found: false };

function clusterDetail(runtime: Runtime, ref: ObjectRef): ClusterDetailMessage {
  const cluster = clusterInformer(runtime).get(ref.name, ref.namespace);
  if (!cluster) return { found: false };
  return {
    found: true,
    cluster: buildClusterDetail(cluster, hostInformer(runtime).list(), indexHost),
    owned: ownedServicesFromCache(runtime.informers, ref.namespace, ref.name),
  };
}

/** One SIPCluster with its hosts (and owned Deployments/Services when cached), live. */
export function detailHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  return liveView(
    changesOf(ctx.runtime.informers, CLUSTER_DETAIL_RESOURCES),
    () => clusterDetail(ctx.runtime, input),
    signal,
  );
}
