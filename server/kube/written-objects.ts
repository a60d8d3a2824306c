import type { KubernetesObject } from '@kubernetes/client-node';
import type { Informer } from './informer';
import { MutationCache } from './mutation-cache';

const writtenCaches = new WeakMap<Informer<KubernetesObject>, MutationCache<KubernetesObject>>();

/**
 * The informer's cache with this process's own writes laid over it until the watch delivers them:
 * a reconcile that runs between a write and its watch event (a pod event right after the DaemonSet
 * apply or the status write) would otherwise see the old object and write the same content again.
 */
export function writtenOver(informer: Informer<KubernetesObject>): MutationCache<KubernetesObject> {
  let cache = writtenCaches.get(informer);
  if (!cache) {
    cache = new MutationCache(informer);
    writtenCaches.set(informer, cache);
  }
  return cache;
}
