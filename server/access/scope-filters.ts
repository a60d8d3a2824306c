import { scopeAllows, type NamespaceScope } from './namespace-scope';

/**
 * What a caller bound to some namespaces is shown of a list, decided in one place for every list, count
 * and facet: the items of their namespaces. An item of no namespace (a node, an unleased machine) is
 * only for callers of every namespace. Pure.
 */
export function itemsInScope<T>(
  scope: NamespaceScope,
  items: T[],
  namespaceOf: (item: T) => string | undefined,
): T[] {
  return scope.all ? items : items.filter((item) => scopeAllows(scope, namespaceOf(item)));
}

/** The Kubernetes objects of the caller's namespaces. */
export function objectsInScope<T extends { metadata?: { namespace?: string } }>(
  scope: NamespaceScope,
  objects: T[],
): T[] {
  return itemsInScope(scope, objects, (object) => object.metadata?.namespace);
}

/**
 * The caller's namespaces among `known` (the namespaces that exist), for a filter that must name them
 * (a database query); undefined for a caller of every namespace, who needs no filter.
 */
export function namespacesInScope(scope: NamespaceScope, known: readonly string[]): string[] | undefined {
  return scope.all ? undefined : known.filter((namespace) => scopeAllows(scope, namespace)).sort();
}

/**
 * Whether something that acts on objects of `namespaces` (a bulk job's hosts) is the caller's: all of
 * them in the caller's namespaces, and at least one (a job on machines of no namespace is not).
 */
export function allInScope(scope: NamespaceScope, namespaces: readonly string[]): boolean {
  return (
    scope.all || (namespaces.length > 0 && namespaces.every((namespace) => scopeAllows(scope, namespace)))
  );
}
