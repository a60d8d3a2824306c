import type { NamespaceScope } from '../../access/namespace-scope';
import { objectsInScope } from '../../access/scope-filters';
import type { Runtime } from '../../runtime';
import { declaredControls, type KnownProfile } from '../../schemas/contrail-group-form';
import type { Manager } from '../../types/crds/manager';
import { compareText } from '../compare-text';
import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { managers } from './contrail-cache';

/** A Control a group may name, and how far its Manager has brought it (its status.controls). */
export interface ControlOption {
  name: string;
  state: 'active' | 'not active yet' | 'not created yet';
}

/** What the group form may pick from: each Manager, its profiles, its Controls and its groups' names. */
export interface ManagerOption {
  namespace: string;
  name: string;
  profiles: KnownProfile[];
  controls: ControlOption[];
  groups: string[];
}

function controlOptions(manager: Manager): ControlOption[] {
  return declaredControls(manager).map((name) => {
    const status = manager.status?.controls?.find((control) => control.name === name);
    const state = status?.active ? 'active' : status?.created ? 'not active yet' : 'not created yet';
    return { name, state };
  });
}

function managerOptions(runtime: Runtime, scope: NamespaceScope): ManagerOption[] {
  return objectsInScope(scope, managers(runtime).list())
    .map((manager) => {
      const services = manager.spec.services ?? {};
      return {
        namespace: manager.metadata.namespace ?? '',
        name: manager.metadata.name ?? '',
        profiles: (services.vrouterProfileTemplates ?? []).map((p) => ({
          name: p.metadata.name,
          spec: p.spec,
        })),
        controls: controlOptions(manager),
        groups: [...(services.vrouterTemplates ?? []), ...(services.vrouters ?? [])].map(
          (entry) => entry.metadata.name,
        ),
      };
    })
    .sort((a, b) => compareText(`${a.namespace}/${a.name}`, `${b.namespace}/${b.name}`));
}

/** What the group form picks from: the caller's Managers, their profiles, Controls and groups' names. */
export function groupsManagerOptionsHandler({ ctx }: HandlerOptions) {
  return managerOptions(ctx.runtime, visibleScope(ctx.scope));
}
