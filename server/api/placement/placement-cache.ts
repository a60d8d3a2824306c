import { placementDeclaration } from '../../controllers/placement';
import { declaredResources } from '../../kube/controller-declaration';
import type { Runtime } from '../../runtime';
import { placementApiResource } from '../../types/crds/placement-api';

/** What a Placement page shows is read from the kinds its controller reads: a change in any re-renders it. */
export const LIVE_RESOURCES = declaredResources(placementDeclaration);

export function placements(runtime: Runtime) {
  return runtime.informers.of(placementApiResource);
}
