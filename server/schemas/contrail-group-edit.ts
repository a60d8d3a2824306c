/**
 * A vRouter group entry of a live Manager as the group form's values, and the fields an edit cannot
 * change. Pure: the edit reads and writes only the group's own entry of spec.services.vrouterTemplates.
 */
import type { Manager, ManagerGroupTemplate } from '../types/crds/manager';
import { declaredControls, defaultContrailGroupForm, type ContrailGroupForm } from './contrail-group-form';
import type { DocumentReading } from './document-problem';

/**
 * Fixed after create: where the group lives and its name. The Manager makes the group's Vrouter (and
 * the Vrouter its DaemonSet and agents' config keys) under the entry's name, and prunes a Vrouter whose
 * entry is gone, so a new name is a new group and the old one's agents are deleted.
 */
export const GROUP_FIXED_FIELDS: Record<string, string> = {
  namespace: 'a group lives in its Manager’s namespace',
  manager: 'a group is an entry of its Manager: the Manager it left would prune its Vrouter and agents',
  name: 'the group’s Vrouter, DaemonSet and agents are named after it; the Manager would prune them and start a new group',
};

/** An edit writes the group's entry only: a profile is the Manager's, shared by its groups. */
export const NO_NEW_PROFILE_IN_EDIT =
  'An edit changes only the group’s entry: define a new profile with New vRouter group, then pick it here';

/** The Manager's entry for the group, in the list the console writes. */
export function groupEntryOf(manager: Manager, name: string): ManagerGroupTemplate | undefined {
  return manager.spec.services?.vrouterTemplates?.find((entry) => entry.metadata.name === name);
}

/**
 * The form's values of a group entry of `manager`. The profiles it may pick are the Manager's; fields
 * the form has none for (labels, activate, override) are left out: an edit never names them.
 */
export function groupFormOf(
  manager: Manager,
  entry: ManagerGroupTemplate,
): DocumentReading<ContrailGroupForm> {
  const spec = entry.spec;
  const tolerations = spec.tolerations ?? [];
  const timed = tolerations.findIndex((t) => t.tolerationSeconds !== undefined);
  if (timed >= 0)
    return {
      ok: false,
      error: `toleration ${timed + 1} has tolerationSeconds, which the form has no field for`,
    };
  return {
    ok: true,
    values: {
      ...defaultContrailGroupForm(),
      namespace: manager.metadata.namespace ?? '',
      manager: manager.metadata.name ?? '',
      name: entry.metadata.name,
      nodeSelector: Object.entries(spec.nodeSelector ?? {}).map(([key, value]) => ({ key, value })),
      tolerations: tolerations.map((t) => ({
        key: t.key ?? '',
        // The API's default operator.
        operator: t.operator ?? 'Equal',
        value: t.value ?? '',
        effect: t.effect ?? '',
      })),
      gateway: spec.configuration?.vRouterGateway ?? '',
      controlInstance: spec.configuration?.controlInstance ?? '',
      knownControls: declaredControls(manager),
      upgradeStrategy: spec.upgradeStrategy ?? 'rolling',
      profiles: spec.configuration?.profiles ?? [],
      knownProfiles: (manager.spec.services?.vrouterProfileTemplates ?? []).map((p) => ({
        name: p.metadata.name,
        spec: p.spec,
      })),
    },
  };
}
