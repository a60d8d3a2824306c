import { TRPCError } from '@trpc/server';
import type { Principal } from '../access/access-rules';
import {
  EVERY_NAMESPACE,
  namespaceScope,
  scopeUsesLabels,
  type NamespaceScope,
} from '../access/namespace-scope';
import { everyBindingGlobal } from '../access/role-bindings';
import type { Role } from '../schemas/roles';
import type { KubeConfig } from '@kubernetes/client-node';
import { freshNamespaceLabels } from './namespace-labels';

/**
 * How a procedure meets a caller whose roles hold only in some namespaces. Without it the procedure
 * needs its role in every namespace: a scoped caller is refused, so a procedure added later leaks
 * nothing until it is made to filter.
 * - `input`: its input names the namespace it reads or changes (`namespace`); another is refused.
 * - `filtered`: it shows many objects and leaves out, on the server, those of other namespaces.
 * - `none`: it reads or changes nothing of any namespace (the caller's own account).
 */
export type NamespaceHandling = 'input' | 'filtered' | 'none';

/** The role whose namespaces a procedure is confined to: a wall's data is read like any viewer's. */
export function roleOfAccess(access: Role | 'wall'): Role {
  return access === 'wall' ? 'viewer' : access;
}

/**
 * The namespaces `principal` may use with `needed`. A wall screen and a user bound everywhere see
 * them all; a label selector is checked against labels read within the last few seconds.
 */
export async function scopeOf(
  principal: Principal | null,
  needed: Role,
  kc: KubeConfig,
): Promise<NamespaceScope> {
  if (principal?.kind !== 'user' || everyBindingGlobal(principal.bindings)) return EVERY_NAMESPACE;
  const labelsOf = scopeUsesLabels(principal.bindings) ? await freshNamespaceLabels(kc) : () => undefined;
  return namespaceScope(principal.bindings, needed, labelsOf);
}

/** The namespace a call names in its input (`namespace`), or undefined when it names none. */
export function namespacesOfInput(input: unknown): string[] | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  const { namespace } = input as { namespace?: unknown };
  return typeof namespace === 'string' ? [namespace] : undefined;
}

/** Why a scoped caller may not make this call, or undefined when they may. */
export function scopeRefusal(
  scope: NamespaceScope,
  handling: NamespaceHandling | undefined,
  input: unknown,
): TRPCError | undefined {
  if (scope.all || handling === 'filtered' || handling === 'none') return undefined;
  if (handling === 'input') {
    const namespaces = namespacesOfInput(input);
    if (namespaces?.length && namespaces.every(scope.allows)) return undefined;
    const outside = namespaces?.find((namespace) => !scope.allows(namespace));
    if (outside !== undefined) {
      return new TRPCError({
        code: 'FORBIDDEN',
        message: `the namespace ${outside} is outside your role's namespaces`,
      });
    }
  }
  return new TRPCError({ code: 'FORBIDDEN', message: 'this needs a role in every namespace' });
}

/** The caller's namespaces, as the tRPC middleware found them; a context without them sees nothing. */
export function visibleScope(scope: NamespaceScope | undefined): NamespaceScope {
  if (!scope)
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'the call has no namespace scope' });
  return scope;
}
