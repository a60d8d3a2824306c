import type { V1Node } from '@kubernetes/client-node';
import type { Runtime } from '../../runtime';
import { nodeResource } from '../../kube/resource';
import { liveSnapshots } from '../live-snapshots';
import { viewerProcedure, router } from '../trpc';
import { buildOverview, type OverviewView } from './overview-view';

function overviewOf(runtime: Runtime): OverviewView {
  const nodes = runtime.informers.informer<V1Node>(nodeResource.kind).list();
  const resources = runtime.informers
    .all()
    .filter((informer) => informer.resource.kind !== nodeResource.kind)
    .map((informer) => ({
      kind: informer.resource.kind,
      group: informer.resource.group,
      objects: informer.list(),
    }));
  return buildOverview(runtime.serverVersion, nodes, resources);
}

export const overviewRouter = router({
  get: viewerProcedure.query(({ ctx }) => overviewOf(ctx.runtime)),
  live: viewerProcedure.subscription(({ ctx, signal }) =>
    liveSnapshots(
      (onChange) => ctx.runtime.informers.onChange(onChange),
      () => overviewOf(ctx.runtime),
      signal,
    ),
  ),
});
