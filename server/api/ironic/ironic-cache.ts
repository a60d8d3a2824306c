import { ironicDatabaseDeclaration, ironicDeclaration } from '../../controllers/ironic';
import { declaredResources } from '../../kube/controller-declaration';
import type { Runtime } from '../../runtime';
import { ironicDatabaseResource, ironicResource } from '../../types/crds';

/** What an Ironic page shows is read from the kinds its controllers read: a change in any re-renders it. */
export const LIVE_RESOURCES = declaredResources(ironicDeclaration, ironicDatabaseDeclaration);

export function ironics(runtime: Runtime) {
  return runtime.informers.of(ironicResource);
}

export function databases(runtime: Runtime) {
  return runtime.informers.of(ironicDatabaseResource);
}
