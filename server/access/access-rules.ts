import { roleAtLeast, type Role } from '../schemas/roles';
import type { RoleBinding } from './role-bindings';

export { ROLES, type Role } from '../schemas/roles';

/** What a procedure needs: a role (or more), or `wall` (a signed-in user or a wall screen token). */
export type Access = Role | 'wall';

export type Principal =
  | {
      kind: 'user';
      userId: string;
      username: string;
      /** The highest role of `bindings`: what a procedure's role gate checks before any namespace. */
      role: Role;
      bindings: readonly RoleBinding[];
      sessionId: string;
      /** The provider's subject, for a user who signed in through OIDC. */
      oidcSubject?: string | undefined;
    }
  | { kind: 'screen'; tokenId: string; name: string; screenSessionId: string };

export function allows(principal: Principal, access: Access): boolean {
  if (principal.kind === 'screen') return access === 'wall';
  if (access === 'wall') return true;
  return roleAtLeast(principal.role, access);
}
