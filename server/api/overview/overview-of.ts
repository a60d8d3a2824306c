import type { Runtime } from '../../runtime';
import { nodeResource } from '../../kube/resource';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import type { NamespaceScope } from '../../access/namespace-scope';
import { objectsInScope } from '../../access/scope-filters';
import { scopedObjects } from '../scoped-objects';
import { wallBoardOf } from '../wall/wall-board';
import { buildOverview, type OverviewView } from './overview-view';

/**
 * The overview as the caches hold it now: what `get` answers and `live` sends. A caller bound to some
 * namespaces gets the counts, problems and free hosts of their namespaces only (a cluster-scoped kind
 * counts 0); the nodes' ready/total is the cluster's, two numbers that name no namespace's objects.
 */
export function overviewOf(runtime: Runtime, scope: NamespaceScope): OverviewView {
  const nodes = runtime.informers.of(nodeResource).list();
  const resources = runtime.informers
    .all()
    .filter((informer) => informer.resource.kind !== nodeResource.kind)
    .map((informer) => ({
      kind: informer.resource.kind,
      group: informer.resource.group,
      objects: objectsInScope(scope, informer.list()),
    }));
  return buildOverview(
    runtime.serverVersion,
    nodes,
    resources,
    wallBoardOf(runtime, scope),
    scopedObjects(runtime, bareMetalHostResource, scope),
    runtime.racks.rackKeys,
  );
}
