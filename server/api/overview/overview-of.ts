import type { Runtime } from '../../runtime';
import { nodeResource } from '../../kube/resource';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { EVERY_NAMESPACE } from '../../access/namespace-scope';
import { wallBoardOf } from '../wall/wall-board';
import { buildOverview, type OverviewView } from './overview-view';

/** The overview as the caches hold it now: what `get` answers and `live` sends. */
export function overviewOf(runtime: Runtime): OverviewView {
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
  return buildOverview(
    runtime.serverVersion,
    nodes,
    resources,
    wallBoardOf(runtime, EVERY_NAMESPACE),
    hosts,
    runtime.racks.rackKeys,
  );
}
