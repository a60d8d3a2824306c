// An edit as the console's edit page makes it, through a signed-in client: the form opened on the
// live object, then the edit (or its dry run) of it, optionally re-applied on top of a conflict.
import type { EditForm, EditResult } from '../../server/schemas/object-edit';
import type { Manager } from '../../server/types/crds/manager';
import type { ConsoleClient } from './console-client';

export type OpenedEdit<T> = Extract<EditForm<T>, { values: T }>;

/** The kind router's `editForm` (`contrail.groups`) for the object; throws when it cannot be edited. */
export async function openEdit<T>(
  client: ConsoleClient,
  router: string,
  ref: { namespace: string; name: string },
): Promise<OpenedEdit<T>> {
  const form = (await client.query<EditForm<T>>(`${router}.editForm`, ref)).data;
  if (!form?.found || form.unfit !== undefined)
    throw new Error(`${ref.name}: no edit form: ${JSON.stringify(form)}`);
  return form;
}

/** An edit of the object `form` was opened on; `onTop`: re-applied on a conflict's object. */
export async function sendEdit<T>(
  client: ConsoleClient,
  path: string,
  form: { resourceVersion: string; values: T },
  values: T,
  onTop?: { resourceVersion: string; values: T },
): Promise<EditResult<T>> {
  const { namespace, name } = form.values as { namespace: string; name: string };
  const answer = await client.mutate<EditResult<T>>(path, {
    namespace,
    name,
    resourceVersion: onTop?.resourceVersion ?? form.resourceVersion,
    base: form.values,
    values,
    ...(onTop ? { seen: onTop.values } : {}),
  });
  if (!answer.data) throw new Error(`${path}: ${JSON.stringify(answer.error)}`);
  return answer.data;
}

/**
 * A Manager `m1` whose groups select no node: `edge` (rolling, gateway 10.1.1.1, profile kernel, with
 * a label another tool set, which the form has no field for) and `other`; profiles kernel, tuning, dpdk.
 */
export function managerWithGroups(namespace: string): Manager {
  const selector = (role: string) => ({ 'rackpilot.io/group-edit-test': namespace, role });
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { name: 'm1', namespace },
    spec: {
      services: {
        vrouterProfileTemplates: [
          { metadata: { name: 'kernel' }, spec: { kernelModeConfiguration: {} } },
          { metadata: { name: 'tuning' }, spec: { otherConfig: { moreConfig: { log_level: 'SYS_INFO' } } } },
          { metadata: { name: 'dpdk' }, spec: { dpdkConfiguration: { coreMask: '0x3' } } },
        ],
        vrouterTemplates: [
          {
            metadata: { name: 'edge', kind: 'ContrailVrouter', labels: { 'other-tool/team': 'blue' } },
            spec: {
              activate: true,
              upgradeStrategy: 'rolling',
              nodeSelector: selector('edge'),
              configuration: { vRouterGateway: '10.1.1.1', profiles: ['kernel'] },
            },
          },
          {
            metadata: { name: 'other', kind: 'ContrailVrouter' },
            spec: {
              activate: true,
              nodeSelector: selector('other'),
              configuration: { profiles: ['kernel'] },
            },
          },
        ],
      },
    },
  };
}
