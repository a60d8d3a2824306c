import { macVendor } from '../../inventory/mac-vendor';
import type { Runtime } from '../../runtime';
import type { NamespaceScope } from '../../access/namespace-scope';
import { visibleScope } from '../caller-scope';
import { rackLabelKeys, visibleHosts } from '../hosts/host-cache';
import { cachedRowBuilder } from '../hosts/host-row';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { buildClusterDetail, type ClusterDetailView } from './cluster-detail';
import { CLUSTER_DETAIL_RESOURCES, clusterInformer } from './cluster-cache';
import { ownedServicesFromCache, type OwnedServicesView } from './owned-services';

const indexHost = cachedRowBuilder(macVendor, rackLabelKeys);

export type ClusterDetailMessage =
  { found: true; cluster: ClusterDetailView; owned?: OwnedServicesView } | { found: false };

function clusterDetail(runtime: Runtime, ref: ObjectRef, scope: NamespaceScope): ClusterDetailMessage {
  const cluster = clusterInformer(runtime).get(ref.name, ref.namespace);
  if (!cluster) return { found: false };
  return {
    found: true,
    cluster: buildClusterDetail(cluster, visibleHosts(runtime, scope), indexHost),
    owned: ownedServicesFromCache(runtime.informers, ref.namespace, ref.name),
  };
}

/**
 * One SIPCluster with its hosts (and owned Deployments/Services when cached), live. A caller bound to
 * some namespaces sees only the hosts of those, though the cluster may claim others.
 */
export function detailHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  const scope = visibleScope(ctx.scope);
  return liveView(
    changesOf(ctx.runtime.informers, CLUSTER_DETAIL_RESOURCES),
    () => clusterDetail(ctx.runtime, input, scope),
    signal,
  );
}
