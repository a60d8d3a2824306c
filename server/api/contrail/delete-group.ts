import type { KubeConfig } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import { deleteObject, objectPath } from '../../kube/apply';
import { KubeRequestError, kubeGetJson } from '../../kube/kube-request';
import { managerResource, type Manager } from '../../types/crds/manager';
import { vrouterResource, type Vrouter } from '../../types/crds/vrouter';
import { apiServerSaid } from '../api-rejection';
import { isStaleManager, MANAGER_ATTEMPTS, patchManagerLists, type ServiceLists } from './manager-patch';

/** The Manager list that holds the group, and the list without it; none when the Manager does not. */
export function withoutGroup(manager: Manager, name: string): ServiceLists | undefined {
  const services = manager.spec.services ?? {};
  const templates = services.vrouterTemplates ?? [];
  if (templates.some((entry) => entry.metadata.name === name))
    return { vrouterTemplates: templates.filter((entry) => entry.metadata.name !== name) };
  const vrouters = services.vrouters ?? [];
  if (vrouters.some((entry) => entry.metadata.name === name))
    return { vrouters: vrouters.filter((entry) => entry.metadata.name !== name) };
  return undefined;
}

function refused(error: unknown): never {
  if (error instanceof KubeRequestError && error.status === 403)
    throw new TRPCError({ code: 'FORBIDDEN', message: apiServerSaid(error), cause: error });
  throw error;
}

/**
 * Removes a vRouter group. A group a Manager declares is taken out of the Manager's list (under the same
 * generation test as create adds it); the Manager then prunes the Vrouter and its DaemonSet.
 * Deleting the Vrouter itself would only have the Manager create it again. A Vrouter no Manager
 * declares is deleted.
 */
export async function deleteGroup(kc: KubeConfig, vrouter: Vrouter): Promise<void> {
  const namespace = vrouter.metadata.namespace ?? '';
  const name = vrouter.metadata.name ?? '';
  const owner = vrouter.metadata.ownerReferences?.find((ref) => ref.kind === managerResource.kind);
  for (let attempt = 1; owner; attempt += 1) {
    let manager: Manager;
    try {
      manager = await kubeGetJson<Manager>(kc, objectPath(managerResource, namespace, owner.name));
    } catch (error) {
      if (error instanceof KubeRequestError && error.status === 404) break;
      return refused(error);
    }
    const lists = withoutGroup(manager, name);
    if (!lists) break;
    try {
      await patchManagerLists(kc, manager, lists);
      return;
    } catch (error) {
      if (isStaleManager(error) && attempt < MANAGER_ATTEMPTS) continue;
      return refused(error);
    }
  }
  await deleteObject(kc, vrouterResource, namespace, name).catch(refused);
}
