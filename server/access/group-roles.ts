import { ROLES } from '../schemas/roles';
import { parseBinding, type RoleBinding } from './role-bindings';

/** Which role binding each of the provider's groups grants. */
export type GroupRoles = ReadonlyMap<string, RoleBinding>;

// The last `=role` or `=role@scope` of a pair: group names may hold `=` (cn=staff), scopes too ([a=b]).
const PAIR = new RegExp(`^(.*)=((?:${ROLES.join('|')})(?:@.*)?)$`, 's');

/**
 * Reads `group=role,group=role@scope`, the scope as parseBinding reads it. Group names are taken as
 * written (case matters, as at most providers); a group named twice, an unknown role, a scope that does
 * not parse or an empty pair is an error, never a guess.
 */
export function parseGroupRoles(text: string): GroupRoles {
  const mapping = new Map<string, RoleBinding>();
  for (const pair of text.split(',')) {
    const match = PAIR.exec(pair.trim());
    const group = match?.[1]?.trim();
    if (!match?.[2] || !group) {
      const at = pair.lastIndexOf('=');
      const role = pair.slice(at + 1).trim();
      if (at < 0 || !pair.slice(0, at).trim()) throw new Error(`"${pair.trim()}" is not group=role`);
      throw new Error(`"${role}" is not a role (use ${ROLES.join(', ')})`);
    }
    if (mapping.has(group)) throw new Error(`the group "${group}" is mapped twice`);
    mapping.set(group, parseBinding(match[2]));
  }
  return mapping;
}

/** The bindings `groups` grant, in the mapping's order; none means that user gets no access. */
export function bindingsForGroups(groups: readonly string[], mapping: GroupRoles): RoleBinding[] {
  const held = new Set(groups);
  return [...mapping].filter(([group]) => held.has(group)).map(([, binding]) => binding);
}

/**
 * The groups in an ID token's claim: a list of strings, or one string (some providers send a lone group
 * so); anything else counts as none.
 */
export function groupsFromClaim(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}
