import type { V1PolicyRule } from '@kubernetes/client-node';
import type { AnyControllerDeclaration, Verb } from './controller-declaration';
import type { ResourceDescriptor } from './resource';

const READ: Verb[] = ['get', 'list', 'watch'];
/** Server-side apply patches; creating through apply needs create too. Pruning deletes. */
const OWN: Verb[] = [...READ, 'create', 'patch', 'delete'];
/** The finalizer and spec links are merge patches on the primary. */
const RECONCILE: Verb[] = [...READ, 'patch'];
const VERB_ORDER: Verb[] = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];

/**
 * The RBAC rules the declared controllers need, one rule per API group and resource, verbs sorted:
 * the primary read and patched (status and finalizer), owned kinds applied and pruned, watched kinds
 * read, and each declared extra write.
 */
export function rbacRules(declarations: AnyControllerDeclaration[]): V1PolicyRule[] {
  const verbs = new Map<string, { group: string; resource: string; verbs: Set<Verb> }>();
  const grant = (resource: ResourceDescriptor, granted: Verb[], subresource?: string) => {
    const name = subresource ? `${resource.plural}/${subresource}` : resource.plural;
    const key = `${resource.group}|${name}`;
    const entry = verbs.get(key) ?? { group: resource.group, resource: name, verbs: new Set<Verb>() };
    for (const verb of granted) entry.verbs.add(verb);
    verbs.set(key, entry);
  };
  for (const declaration of declarations) {
    grant(declaration.reconciles, RECONCILE);
    grant(declaration.reconciles, ['patch'], 'status');
    for (const resource of declaration.owns) grant(resource, OWN);
    for (const watch of declaration.watches) grant(watch.resource, READ);
    for (const extra of declaration.alsoWrites ?? []) grant(extra.resource, extra.verbs);
  }
  return [...verbs.values()]
    .sort((a, b) => `${a.group}|${a.resource}`.localeCompare(`${b.group}|${b.resource}`))
    .map(({ group, resource, verbs: granted }) => ({
      apiGroups: [group],
      resources: [resource],
      verbs: VERB_ORDER.filter((verb) => granted.has(verb)),
    }));
}
