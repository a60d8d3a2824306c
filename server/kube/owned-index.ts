import type { KubernetesObject } from '@kubernetes/client-node';
import type { Informer } from './informer';

/** Index of owned kinds' caches: the uid of each object's controller, for pruning by owner. */
export const CONTROLLER_UID_INDEX = 'controller-uid';

function controllerUids(object: KubernetesObject): string[] {
  return (object.metadata?.ownerReferences ?? []).filter((ref) => ref.controller).map((ref) => ref.uid);
}

export function indexByControllerUid(informer: Informer<KubernetesObject>): void {
  informer.addIndex(CONTROLLER_UID_INDEX, controllerUids);
}
