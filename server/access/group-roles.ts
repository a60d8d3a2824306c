import { ROLES, roleAtLeast, type Role } from '../schemas/roles';

/** Which Rackpilot role each of the provider's groups grants. */
export type GroupRoles = ReadonlyMap<string, Role>;

/**
 * Reads `group=role,group=role`. Group names are taken as written (case matters, as at most providers);
 * a group named twice, an unknown role or an empty pair is an error, never a guess.
 */
export function parseGroupRoles(text: string): GroupRoles {
  const mapping = new Map<string, Role>();
  for (const pair of text.split(',')) {
    const at = pair.lastIndexOf('=');
    const group = pair.slice(0, at).trim();
    const role = pair.slice(at + 1).trim();
    if (at < 0 || !group) throw new Error(`"${pair.trim()}" is not group=role`);
    if (!(ROLES as readonly string[]).includes(role)) {
      throw new Error(`"${role}" is not a role (use ${ROLES.join(', ')})`);
    }
    if (mapping.has(group)) throw new Error(`the group "${group}" is mapped twice`);
    mapping.set(group, role as Role);
  }
  return mapping;
}

/** The highest role any of `groups` grants, or null when none is mapped: that user gets no access. */
export function roleForGroups(groups: readonly string[], mapping: GroupRoles): Role | null {
  let best: Role | null = null;
  for (const group of groups) {
    const role = mapping.get(group);
    if (role && (best === null || !roleAtLeast(best, role))) best = role;
  }
  return best;
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
