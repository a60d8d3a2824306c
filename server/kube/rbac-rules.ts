import type { V1PolicyRule } from '@kubernetes/client-node';
import type { AnyControllerDeclaration, Verb } from './controller-declaration';
import type { ResourceDescriptor } from './resource';

const READ: Verb[] = ['get', 'list', 'watch'];
/** Server-side apply patches; creating through apply needs create too. Pruning deletes. */
const OWN: Verb[] = [...READ, 'create', 'patch', 'delete'];
/** The finalizer and spec links are merge patches on the primary. */
const RECONCILE: Verb[] = [...READ, 'patch'];
const VERB_ORDER: Verb[] = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];

/** Verbs used on one kind (or one of its subresources), the unit RBAC grants. */
export interface ApiAccess {
  resource: ResourceDescriptor;
  subresource?: string;
  verbs: Verb[];
  /** Only in Rackpilot's own namespace (a Role there), not cluster-wide. */
  ownNamespace?: boolean;
}

/** What each declared controller does: the primary read and patched, owned kinds applied and pruned. */
export function controllerAccess(declarations: AnyControllerDeclaration[]): ApiAccess[] {
  return declarations.flatMap((declaration) => [
    { resource: declaration.reconciles, verbs: RECONCILE },
    { resource: declaration.reconciles, subresource: 'status', verbs: ['patch'] },
    ...declaration.owns.map((resource) => ({ resource, verbs: OWN })),
    ...declaration.watches.map((watch) => ({ resource: watch.resource, verbs: READ })),
    ...(declaration.alsoCalls ?? []),
  ]);
}

/** One rule per API group and resource, verbs in a fixed order, rules sorted by group and resource. */
export function policyRules(accesses: ApiAccess[]): V1PolicyRule[] {
  const verbs = new Map<string, { group: string; resource: string; verbs: Set<Verb> }>();
  for (const { resource, subresource, verbs: granted } of accesses) {
    const name = subresource ? `${resource.plural}/${subresource}` : resource.plural;
    const key = `${resource.group}|${name}`;
    const entry = verbs.get(key) ?? { group: resource.group, resource: name, verbs: new Set<Verb>() };
    for (const verb of granted) entry.verbs.add(verb);
    verbs.set(key, entry);
  }
  return [...verbs.values()]
    .sort((a, b) => `${a.group}|${a.resource}`.localeCompare(`${b.group}|${b.resource}`))
    .map(({ group, resource, verbs: granted }) => ({
      apiGroups: [group],
      resources: [resource],
      verbs: VERB_ORDER.filter((verb) => granted.has(verb)),
    }));
}

/**
 * The rules the controllers hand on in Roles they create, once each: the API server lets nobody
 * grant what it does not hold itself.
 */
export function delegatedRules(declarations: AnyControllerDeclaration[]): V1PolicyRule[] {
  const seen = new Map<string, V1PolicyRule>();
  for (const rule of declarations.flatMap((declaration) => declaration.delegates ?? [])) {
    seen.set(JSON.stringify(rule), rule);
  }
  return [...seen.values()];
}

/**
 * The RBAC rules the declared controllers need, one rule per API group and resource, verbs sorted:
 * the primary read and patched (status and finalizer), owned kinds applied and pruned, watched kinds
 * read, and each declared extra write; then the rules they delegate.
 */
export function rbacRules(declarations: AnyControllerDeclaration[]): V1PolicyRule[] {
  return [...policyRules(controllerAccess(declarations)), ...delegatedRules(declarations)];
}
