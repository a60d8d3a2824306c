import type { KubeConfig } from '@kubernetes/client-node';
import { objectPath } from '../../kube/apply';
import type { InformerSet } from '../../kube/informer-set';
import { KubeRequestError, kubeGetJson } from '../../kube/kube-request';
import { fieldErrorsOf, type FieldErrors } from '../../schemas/field-errors';
import {
  contrailGroupFormSchema,
  declaredControls,
  servicesWithGroup,
  type ContrailGroupForm,
} from '../../schemas/contrail-group-form';
import { managerResource, type Manager } from '../../types/crds/manager';
import { apiRejection, fieldRejection, type CreateResult } from '../api-rejection';
import { isStaleManager, MANAGER_ATTEMPTS, patchManagerLists } from './manager-patch';
import { matchNodes, type NodeMatch } from './node-match';
import { vrouterResource } from '../../types/crds';

/**
 * The form as the server checks it: the Manager's own profiles and Controls and the matched nodes' VF
 * capacity replace what the browser sent, so a forged or stale copy decides nothing.
 */
export function serverForm(
  form: ContrailGroupForm,
  manager: Manager | undefined,
  vfCapacity: number | null,
): ContrailGroupForm {
  return {
    ...form,
    knownProfiles: (manager?.spec.services?.vrouterProfileTemplates ?? []).map((p) => ({
      name: p.metadata.name,
      spec: p.spec,
    })),
    knownControls: manager ? declaredControls(manager) : [],
    nodeVfCapacity: vfCapacity,
  };
}

/** Why the group may not select these nodes: another group already holds some of them. */
export function nodesTaken(match: NodeMatch): string | undefined {
  if (match.taken === 0) return undefined;
  const held = match.nodes
    .filter((node) => node.groups.length > 0)
    .slice(0, 5)
    .map((node) => `${node.name} (${node.groups.join(', ')})`);
  const more = match.taken > held.length ? ` and ${match.taken - held.length} more` : '';
  return (
    `${match.taken} of the matched nodes already belong to another group: ${held.join(', ')}${more}. ` +
    'A node two groups select runs neither agent, so the running group would lose it'
  );
}

/** Checks across objects the API server cannot make for a Manager entry. */
export function groupConflicts(
  form: ContrailGroupForm,
  manager: Manager,
  match: NodeMatch,
  vrouterExists: (namespace: string, name: string) => boolean,
): FieldErrors {
  const errors: FieldErrors = {};
  const services = manager.spec.services ?? {};
  const names = [...(services.vrouterTemplates ?? []), ...(services.vrouters ?? [])].map(
    (entry) => entry.metadata.name,
  );
  if (names.includes(form.name)) {
    errors.name = `Manager ${form.manager} already has a vRouter group named ${form.name}`;
  } else if (vrouterExists(form.namespace, form.name)) {
    errors.name = `A Vrouter named ${form.name} already exists in namespace ${form.namespace}`;
  }
  const taken = nodesTaken(match);
  if (taken) errors.nodeSelector = taken;
  return errors;
}

/** Where a Manager refusal's field path lands in the form. */
export function groupFieldOfPath(path: string): string | undefined {
  if (/vrouterProfileTemplates.*coreMask/.test(path)) return 'newProfile.coreMask';
  if (/vrouterProfileTemplates.*cpuPinning/.test(path)) return 'newProfile.cpuPinning';
  if (/vrouterProfileTemplates.*numberOfVfs/.test(path)) return 'newProfile.numberOfVfs';
  if (/vrouterProfileTemplates.*metadata\.name/.test(path)) return 'newProfile.name';
  if (/vRouterGateway/.test(path)) return 'gateway';
  if (/controlInstance/.test(path)) return 'controlInstance';
  if (/vrouterTemplates.*nodeSelector/.test(path)) return 'nodeSelector';
  if (/vrouterTemplates.*tolerations/.test(path)) return 'tolerations';
  if (/vrouterTemplates.*metadata\.name/.test(path)) return 'name';
  if (/vrouterTemplates/.test(path)) return 'profiles';
  return undefined;
}

/** The Manager as the API server has it now; undefined when there is none. */
export async function readManager(
  kc: KubeConfig,
  namespace: string,
  name: string,
): Promise<Manager | undefined> {
  try {
    return await kubeGetJson<Manager>(kc, objectPath(managerResource, namespace, name));
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * Adds the form's group (and new profile) to the Manager: one JSON patch of the two lists that holds
 * only if the Manager's spec is still the one checked (managerListsPatch), else the Manager is read
 * and checked again. One request: it is stored whole or not at all.
 */
export async function submitContrailGroup(
  kc: KubeConfig,
  informers: InformerSet,
  input: ContrailGroupForm,
  dryRun: boolean,
): Promise<CreateResult> {
  const vrouterExists = (namespace: string, name: string) =>
    informers.of(vrouterResource).get(name, namespace) !== undefined;
  for (let attempt = 1; ; attempt += 1) {
    const manager = await readManager(kc, input.namespace, input.manager);
    if (!manager) {
      const message = `No Manager named ${input.manager} in namespace ${input.namespace}`;
      return { status: 'rejected', message, fieldErrors: { manager: message } };
    }
    const match = matchNodes(informers, input.nodeSelector);
    const form = serverForm(input, manager, match.vfCapacity);
    const parsed = contrailGroupFormSchema.safeParse(form);
    const refused = fieldRejection({
      ...(parsed.success ? {} : fieldErrorsOf(parsed.error.issues)),
      ...groupConflicts(form, manager, match, vrouterExists),
    });
    if (refused) return refused;
    const services = servicesWithGroup(manager.spec.services ?? {}, form);
    try {
      await patchManagerLists(
        kc,
        manager,
        {
          vrouterTemplates: services.vrouterTemplates,
          ...(form.newProfile.enabled ? { vrouterProfileTemplates: services.vrouterProfileTemplates } : {}),
        },
        dryRun,
      );
    } catch (error) {
      if (isStaleManager(error) && attempt < MANAGER_ATTEMPTS) continue;
      if (isStaleManager(error)) {
        return {
          status: 'rejected',
          message: `Manager ${input.manager} kept changing while the group was being added; nothing was changed, try again`,
          fieldErrors: {},
        };
      }
      const rejection = apiRejection(error, {
        kind: 'Manager',
        namespace: input.namespace,
        name: input.manager,
        nameField: 'manager',
        fieldOf: groupFieldOfPath,
      });
      if (!rejection) throw error;
      return rejection;
    }
    if (dryRun) {
      return {
        status: 'accepted',
        message: `The API server accepts the group on Manager ${input.manager} (dry run: nothing was changed)`,
      };
    }
    return { status: 'created', namespace: input.namespace, name: input.name };
  }
}
