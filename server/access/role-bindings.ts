import { z } from 'zod';
import { labelKeyProblem, labelValueProblem } from '../schemas/label-rules';
import { ROLES, roleAtLeast, type Role } from '../schemas/roles';

/** One requirement of a namespace label selector: equality, inequality, presence or absence. */
export type LabelRequirement =
  { key: string; op: '=' | '!='; value: string } | { key: string; op: 'exists' | '!exists' };

/** Where a binding's role holds: everywhere, in the namespaces named, or in those whose labels match. */
export type BindingScope =
  | { kind: 'all' }
  | { kind: 'namespaces'; names: string[] }
  | { kind: 'selector'; requirements: LabelRequirement[] };

/** A role and where it holds. A user holds one or more; they add up, none takes anything away. */
export interface RoleBinding {
  role: Role;
  scope: BindingScope;
}

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function requirementOf(text: string): LabelRequirement {
  const term = text.trim();
  const inequality = term.indexOf('!=');
  const equality = term.indexOf('=');
  let requirement: LabelRequirement;
  if (inequality > 0) {
    requirement = { key: term.slice(0, inequality), op: '!=', value: term.slice(inequality + 2) };
  } else if (equality > 0) {
    requirement = {
      key: term.slice(0, equality),
      op: '=',
      value: term.slice(equality + 1).replace(/^=/, ''),
    };
  } else if (term.startsWith('!')) {
    requirement = { key: term.slice(1), op: '!exists' };
  } else {
    requirement = { key: term, op: 'exists' };
  }
  const problem =
    labelKeyProblem(requirement.key) ??
    ('value' in requirement ? labelValueProblem(requirement.value) : undefined);
  if (problem) throw new Error(`"${term}" is not a label requirement: ${problem}`);
  return requirement;
}

/**
 * Reads a scope: `[key=value&key!=value&key&!key]` is a label selector on namespaces (its terms joined
 * by `&`, since `,` separates the mapping's pairs; set-based terms are not taken), anything else
 * namespace names joined by `|`.
 */
export function parseScope(text: string): BindingScope {
  const trimmed = text.trim();
  if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
    const terms = trimmed.slice(1, -1).split('&');
    if (terms.every((term) => term.trim() === '')) throw new Error(`"${trimmed}" selects no labels`);
    return { kind: 'selector', requirements: terms.map(requirementOf) };
  }
  const names = trimmed.split('|').map((name) => name.trim());
  const wrong = names.find((name) => !DNS1123_LABEL.test(name) || name.length > 63);
  if (wrong !== undefined) throw new Error(`"${wrong}" is not a namespace name`);
  return { kind: 'namespaces', names: [...new Set(names)].sort() };
}

/** Reads `role` (everywhere) or `role@scope` (see parseScope). */
export function parseBinding(text: string): RoleBinding {
  const at = text.indexOf('@');
  const role = (at < 0 ? text : text.slice(0, at)).trim();
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new Error(`"${role}" is not a role (use ${ROLES.join(', ')})`);
  }
  return { role: role as Role, scope: at < 0 ? { kind: 'all' } : parseScope(text.slice(at + 1)) };
}

/** How a binding is written in the configuration: the inverse of parseBinding. */
export function bindingText(binding: RoleBinding): string {
  const { scope } = binding;
  if (scope.kind === 'all') return binding.role;
  if (scope.kind === 'namespaces') return `${binding.role}@${scope.names.join('|')}`;
  const terms = scope.requirements.map((term) =>
    'value' in term ? `${term.key}${term.op}${term.value}` : `${term.op === 'exists' ? '' : '!'}${term.key}`,
  );
  return `${binding.role}@[${terms.join('&')}]`;
}

/** The highest role of any binding (what the role gate of a procedure checks first), or null for none. */
export function highestRole(bindings: readonly RoleBinding[]): Role | null {
  let best: Role | null = null;
  for (const { role } of bindings) if (best === null || !roleAtLeast(best, role)) best = role;
  return best;
}

/** True when every binding holds everywhere: the user is not limited to namespaces. */
export function everyBindingGlobal(bindings: readonly RoleBinding[]): boolean {
  return bindings.every((binding) => binding.scope.kind === 'all');
}

/**
 * The users table keeps a user's bindings as their configuration text (`users.bindings`), or NULL for
 * one binding of `users.role` everywhere (every account made before scopes existed). Text that no longer
 * parses grants nothing: a user is never given more than was written.
 */
export function storedBindings(role: Role, stored: unknown): RoleBinding[] {
  if (stored === null || stored === undefined) return [{ role, scope: { kind: 'all' } }];
  const parsed = z.array(z.string()).safeParse(stored);
  if (!parsed.success) return [];
  try {
    return parsed.data.map(parseBinding);
  } catch {
    return [];
  }
}

/** What the users table keeps for `bindings`: NULL when they are just one role everywhere. */
export function bindingsToStore(bindings: readonly RoleBinding[]): { role: Role; bindings: string[] | null } {
  const role = highestRole(bindings);
  if (!role) throw new Error('a user needs at least one role binding');
  const single = bindings.length === 1 && bindings[0]?.scope.kind === 'all';
  return { role, bindings: single ? null : bindings.map(bindingText) };
}
