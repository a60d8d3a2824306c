export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What a procedure needs: a role (or more), or `wall` (a signed-in user or a wall screen token). */
export type Access = Role | 'wall';

export type Principal =
  | { kind: 'user'; userId: string; username: string; role: Role; sessionId: string }
  | { kind: 'screen'; tokenId: string; name: string; screenSessionId: string };

const rank: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

export function roleAtLeast(role: Role, needed: Role): boolean {
  return rank[role] >= rank[needed];
}

export function allows(principal: Principal, access: Access): boolean {
  if (principal.kind === 'screen') return access === 'wall';
  if (access === 'wall') return true;
  return roleAtLeast(principal.role, access);
}
