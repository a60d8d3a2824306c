import type { Runtime } from '../../runtime';
import { nodeResource } from '../../kube/resource';
import { changesOf } from '../change-subscription';
import { liveSnapshots } from '../live-snapshots';
import { viewerProcedure, router } from '../trpc';
import { buildOverview, type OverviewView } from './overview-view';
import { overviewHealth } from './overview-health';
import { wallBoardOf } from '../wall/wall-router';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';

function overviewOf(runtime: Runtime): OverviewView {
  const nodes = runtime.informers.of(nodeResource).list();
  const resources = runtime.informers
    .all()
    .filter((informer) => informer.resource.kind !== nodeResource.kind)
    .map((informer) => ({
      kind: informer.resource.kind,
      group: informer.resource.group,
      objects: informer.list(),
    }));
  const hosts = runtime.informers.has(bareMetalHostResource)
    ? runtime.informers.of(bareMetalHostResource).list()
    : [];
  return buildOverview(runtime.serverVersion, nodes, resources, wallBoardOf(runtime), hosts);
}

export const overviewRouter = router({
  get: viewerProcedure.query(({ ctx }) => overviewOf(ctx.runtime)),
  /** The controllers' Lease and recent Warning events, read from the API server on demand. */
  health: viewerProcedure.query(({ ctx }) => overviewHealth(ctx.runtime)),
  live: viewerProcedure.subscription(({ ctx, signal }) =>
    liveSnapshots(
      changesOf(ctx.runtime.informers),
      () => overviewOf(ctx.runtime),
      signal,
    ),
  ),
});
