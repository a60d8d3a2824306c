/** Console roles, least to most: viewer reads, operator changes the fleet, admin also manages access. */
export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const rank: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

export function roleAtLeast(role: Role, needed: Role): boolean {
  return rank[role] >= rank[needed];
}
