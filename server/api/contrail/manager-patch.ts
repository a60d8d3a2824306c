import type { KubeConfig } from '@kubernetes/client-node';
import { objectPath } from '../../kube/apply';
import { KubeRequestError, kubeRequestJson } from '../../kube/kube-request';
import { managerResource, type Manager } from '../../types/crds/manager';

type Services = NonNullable<Manager['spec']['services']>;
/** The Manager lists the console changes. */
export type ServiceLists = Pick<Services, 'vrouterTemplates' | 'vrouterProfileTemplates' | 'vrouters'>;

/** How often a change is read and tried again when the Manager's spec moved on in between. */
export const MANAGER_ATTEMPTS = 3;

/**
 * The JSON patch that sets `lists` on the Manager as it was read: it first tests the spec's
 * generation, so an entry someone added or removed meanwhile is never overwritten. Status writes
 * (the controller's) leave the generation alone, so they do not get in the way as a resourceVersion
 * would.
 */
export function managerListsPatch(manager: Manager, lists: ServiceLists): unknown[] {
  const test = { op: 'test', path: '/metadata/generation', value: manager.metadata.generation };
  if (!manager.spec.services) return [test, { op: 'add', path: '/spec/services', value: lists }];
  return [
    test,
    ...Object.entries(lists).map(([list, value]) => ({ op: 'add', path: `/spec/services/${list}`, value })),
  ];
}

/**
 * The API server's answer when the patch could not be applied: a 422 without causes (a refused
 * object names its fields) and its words for a JSON patch that fails. The test op comes first and
 * the paths added to existed when the Manager was read, so only a changed spec fails it.
 */
export function isStaleManager(error: unknown): boolean {
  return (
    error instanceof KubeRequestError &&
    error.status === 422 &&
    error.causes.length === 0 &&
    /error in our request/.test(error.serverMessage ?? '')
  );
}

export async function patchManagerLists(
  kc: KubeConfig,
  manager: Manager,
  lists: ServiceLists,
  dryRun = false,
): Promise<void> {
  await kubeRequestJson(
    kc,
    objectPath(managerResource, manager.metadata.namespace, manager.metadata.name ?? ''),
    {
      method: 'PATCH',
      contentType: 'application/json-patch+json',
      query: {
        fieldManager: 'rackpilot-console',
        fieldValidation: 'Strict',
        ...(dryRun ? { dryRun: 'All' } : {}),
      },
      body: managerListsPatch(manager, lists),
    },
  );
}
