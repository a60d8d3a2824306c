// What bench:contrail's floor writes, decided from the objects the planners render: the writes any
// correct controller must make, no more. Pure, so it is unit-tested (contrail-floor-writes.test.ts).
import type { KubernetesObject } from '@kubernetes/client-node';
import { VROUTER_RBAC_LABEL } from '../../server/controllers/contrail/vrouter-rbac';

/** A group's own objects, and the identity objects every group's pass renders alike (shared by name). */
export interface GroupWrites {
  shared: KubernetesObject[];
  own: KubernetesObject[];
}

/**
 * Splits one vRouter group's rendered objects into the agents' shared identity (ServiceAccount,
 * ClusterRole, ClusterRoleBinding: rendered from all groups, the same in each group's pass, so written
 * once for all) and the group's own (its ConfigMap, DaemonSet and, naming a Control, its certificates).
 */
export function groupWrites(objects: KubernetesObject[]): GroupWrites {
  const shared = (object: KubernetesObject) => object.metadata?.labels?.[VROUTER_RBAC_LABEL] === 'true';
  return { shared: objects.filter(shared), own: objects.filter((object) => !shared(object)) };
}

/**
 * The group's objects whose content changed between two renderings of its pass (as a correct
 * controller compares them with what it wrote): once its pods have addresses, the ConfigMap with
 * their files, and the certificate Secret with their certificates.
 */
export function changedObjects(before: KubernetesObject[], after: KubernetesObject[]): KubernetesObject[] {
  const key = (object: KubernetesObject) => `${object.kind ?? ''}/${object.metadata?.name ?? ''}`;
  const earlier = new Map(before.map((object) => [key(object), JSON.stringify(object)]));
  return after.filter((object) => earlier.get(key(object)) !== JSON.stringify(object));
}
