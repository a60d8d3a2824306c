import { roleAtLeast, type Role } from '../schemas/roles';
import type { LabelRequirement, RoleBinding } from './role-bindings';

/** A namespace's labels, or undefined when the namespace is not known (not yet listed, or gone). */
export type NamespaceLabelsOf = (namespace: string) => Readonly<Record<string, string>> | undefined;

/**
 * Which namespaces a caller may act in with a role: all of them, or those `allows` accepts. `key` names
 * the scope, so that callers with the same scope can share one live view and no others can.
 */
export type NamespaceScope =
  { all: true; key: 'all' } | { all: false; key: string; allows: (namespace: string) => boolean };

export const EVERY_NAMESPACE: NamespaceScope = { all: true, key: 'all' };

/** Whether an object of `namespace` is the caller's; one without a namespace is only for callers of all. */
export function scopeAllows(scope: NamespaceScope, namespace: string | undefined): boolean {
  return scope.all || (namespace !== undefined && namespace !== '' && scope.allows(namespace));
}

function requirementHolds(labels: Readonly<Record<string, string>>, term: LabelRequirement): boolean {
  const value = labels[term.key];
  if ('value' in term) return term.op === '=' ? value === term.value : value !== term.value;
  return term.op === 'exists' ? value !== undefined : value === undefined;
}

/**
 * The namespaces where `bindings` grant at least `needed`. A selector is checked against the labels the
 * namespace has when asked; an unknown namespace matches no selector (a refusal, never a guess).
 */
export function namespaceScope(
  bindings: readonly RoleBinding[],
  needed: Role,
  labelsOf: NamespaceLabelsOf,
): NamespaceScope {
  const granting = bindings.filter((binding) => roleAtLeast(binding.role, needed));
  if (granting.some((binding) => binding.scope.kind === 'all')) return EVERY_NAMESPACE;
  const names = new Set<string>();
  const selectors: LabelRequirement[][] = [];
  for (const { scope } of granting) {
    if (scope.kind === 'namespaces') scope.names.forEach((name) => names.add(name));
    else if (scope.kind === 'selector') selectors.push(scope.requirements);
  }
  const key = JSON.stringify({ names: [...names].sort(), selectors });
  return {
    all: false,
    key,
    allows: (namespace) => {
      if (names.has(namespace)) return true;
      if (selectors.length === 0) return false;
      const labels = labelsOf(namespace);
      return (
        labels !== undefined &&
        selectors.some((terms) => terms.every((term) => requirementHolds(labels, term)))
      );
    },
  };
}

/** True when the scope holds a selector, so its answer depends on namespace labels. */
export function scopeUsesLabels(bindings: readonly RoleBinding[]): boolean {
  return bindings.some((binding) => binding.scope.kind === 'selector');
}
