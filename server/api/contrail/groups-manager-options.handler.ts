import type { NamespaceScope } from '../../access/namespace-scope';
import { objectsInScope } from '../../access/scope-filters';
import type { Runtime } from '../../runtime';
import type { KnownProfile } from '../../schemas/contrail-group-form';
import { compareText } from '../compare-text';
import { visibleScope } from '../caller-scope';
import type { HandlerOptions } from '../trpc';
import { managers } from './contrail-cache';

/** What the create form may pick from: each Manager, its profiles and its groups' names. */
export interface ManagerOption {
  namespace: string;
  name: string;
  profiles: KnownProfile[];
  groups: string[];
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
        groups: [...(services.vrouterTemplates ?? []), ...(services.vrouters ?? [])].map(
          (entry) => entry.metadata.name,
        ),
      };
    })
    .sort((a, b) => compareText(`${a.namespace}/${a.name}`, `${b.namespace}/${b.name}`));
}

/** What the create form picks from: the caller's Managers, their profiles and their groups' names. */
export function groupsManagerOptionsHandler({ ctx }: HandlerOptions) {
  return managerOptions(ctx.runtime, visibleScope(ctx.scope));
}
