import type { Runtime } from '../../runtime';
import {
  GROUP_FIXED_FIELDS,
  groupEntryOf,
  groupFormOf,
  NO_NEW_PROFILE_IN_EDIT,
} from '../../schemas/contrail-group-edit';
import {
  contrailGroupFormSchema,
  groupFromForm,
  type ContrailGroupForm,
} from '../../schemas/contrail-group-form';
import { fieldErrorsOf, type FieldErrors } from '../../schemas/field-errors';
import { applyMergePatch } from '../../schemas/object-changes';
import { managerResource, type Manager, type ManagerGroupTemplate } from '../../types/crds/manager';
import { patchObjectAt, type EditTarget, type LivePart } from '../object-edit';
import type { ObjectRef } from '../object-ref';
import { groupFieldOfPath, nodesTaken, readManager, serverForm } from './create-group';
import { matchNodes } from './node-match';

type GroupPart = LivePart<ManagerGroupTemplate, ContrailGroupForm>;

/** The group's entry of a Manager read from the API server, written back as that Manager's list. */
function groupPart(runtime: Runtime, manager: Manager, entry: ManagerGroupTemplate): GroupPart {
  const namespace = manager.metadata.namespace ?? '';
  const managerName = manager.metadata.name ?? '';
  const resourceVersion = manager.metadata.resourceVersion ?? '';
  const name = entry.metadata.name;
  return {
    resourceVersion,
    part: entry,
    form: groupFormOf(manager, entry),
    refusedAs: {
      kind: 'Manager',
      namespace,
      name: managerName,
      nameField: 'manager',
      fieldOf: groupFieldOfPath,
    },
    // The create's checks against the Manager and the nodes, not the browser's copy of them; the
    // group's own nodes are its to keep.
    checks: (values): FieldErrors => {
      if (values.newProfile.enabled) return { 'newProfile.enabled': NO_NEW_PROFILE_IN_EDIT };
      const match = matchNodes(runtime.informers, values.nodeSelector, `${namespace}/${name}`);
      const parsed = contrailGroupFormSchema.safeParse(serverForm(values, manager, match.vfCapacity));
      const taken = nodesTaken(match);
      return {
        ...(parsed.success ? {} : fieldErrorsOf(parsed.error.issues)),
        ...(taken ? { nodeSelector: taken } : {}),
      };
    },
    // The whole list at the Manager's resourceVersion (a merge patch replaces lists), the group's
    // entry patched in place: the other entries are as read, and a Manager changed since is a 409.
    write: async (patch, dryRun) => {
      const templates = (manager.spec.services?.vrouterTemplates ?? []).map((item) =>
        item.metadata.name === name ? (applyMergePatch(item, patch) as ManagerGroupTemplate) : item,
      );
      const after = await patchObjectAt(
        runtime.kc,
        managerResource,
        { namespace, name: managerName },
        resourceVersion,
        { spec: { services: { vrouterTemplates: templates } } },
        dryRun,
      );
      return {
        part: groupEntryOf(after, name) ?? entry,
        resourceVersion: after.metadata.resourceVersion ?? '',
      };
    },
  };
}

/**
 * A vRouter group edited through the group form: its entry in the Manager that lists it. The Manager
 * is found in the console's cache and read from the API server, so the form and the edit work on the
 * live entry and the Manager's resourceVersion.
 */
export function editableGroup(runtime: Runtime): EditTarget<ManagerGroupTemplate, ContrailGroupForm> {
  return {
    kind: 'vRouter group',
    objectOf: groupFromForm,
    fixed: GROUP_FIXED_FIELDS,
    read: async (ref: ObjectRef) => {
      const holders = runtime.informers
        .of(managerResource)
        .list()
        .filter((m) => m.metadata.namespace === ref.namespace && groupEntryOf(m, ref.name));
      for (const cached of holders) {
        const manager = await readManager(runtime.kc, ref.namespace, cached.metadata.name ?? '');
        const entry = manager && groupEntryOf(manager, ref.name);
        if (manager && entry) return groupPart(runtime, manager, entry);
      }
      return undefined;
    },
  };
}
