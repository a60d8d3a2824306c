import type {
  V1ClusterRole,
  V1CustomResourceDefinition,
  V1PolicyRule,
  V1Role,
} from '@kubernetes/client-node';
import { consoleAccess } from '../../server/api/console-access';
import { controllerDeclarations } from '../../server/controllers/build-controllers';
import type { Verb } from '../../server/kube/controller-declaration';
import { controllerAccess, delegatedRules, policyRules, type ApiAccess } from '../../server/kube/rbac-rules';
import { runtimeAccess } from '../../server/kube/runtime-access';

/** The ServiceAccount, roles and bindings in deploy/ share this name. */
export const RBAC_NAME = 'rackpilot';

const READ_VERBS: readonly Verb[] = ['get', 'list', 'watch'];

/**
 * The console's calls made as the server itself: with RACKPILOT_IMPERSONATE=1 every write (and each read
 * on a mutation's way) goes as the user, so only the reads of queries (events, the Lease) remain.
 */
export function consoleReads(): ApiAccess[] {
  return consoleAccess.flatMap((access) => {
    const verbs = access.verbs.filter((verb) => READ_VERBS.includes(verb));
    return verbs.length > 0 ? [{ ...access, verbs }] : [];
  });
}

/**
 * Everything the server calls: the controllers' declarations, the runtime's own calls, the console's
 * (only its reads when it acts as the user).
 */
export function neededAccess(crds: V1CustomResourceDefinition[], actingAsUsers = false): ApiAccess[] {
  return [
    ...controllerAccess(controllerDeclarations),
    ...runtimeAccess(crds, controllerDeclarations),
    ...(actingAsUsers ? consoleReads() : consoleAccess),
  ];
}

/** The ClusterRole of cluster-wide calls and delegated rules. */
function clusterRoleOf(needed: ApiAccess[]): V1ClusterRole {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: RBAC_NAME },
    rules: [
      ...policyRules(needed.filter((access) => !access.ownNamespace)),
      ...delegatedRules(controllerDeclarations),
    ],
  };
}

/**
 * The ClusterRole (cluster-wide calls and delegated rules) and the Role of Rackpilot's own namespace;
 * and the ClusterRole deploy/components/impersonate puts in the first one's place, without the
 * console's writes.
 */
export function shippedRoles(crds: V1CustomResourceDefinition[]): {
  clusterRole: V1ClusterRole;
  clusterRoleActingAsUsers: V1ClusterRole;
  role: V1Role;
} {
  const needed = neededAccess(crds);
  return {
    clusterRole: clusterRoleOf(needed),
    clusterRoleActingAsUsers: clusterRoleOf(neededAccess(crds, true)),
    role: {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: RBAC_NAME },
      rules: policyRules(needed.filter((access) => access.ownNamespace)),
    },
  };
}

/** One granted permission: group, resource, verb and, when the rule names some, the object name. */
function permissions(rules: V1PolicyRule[]): Set<string> {
  const found = new Set<string>();
  for (const rule of rules) {
    for (const group of rule.apiGroups ?? []) {
      for (const resource of rule.resources ?? []) {
        for (const verb of rule.verbs) {
          for (const name of rule.resourceNames?.length ? rule.resourceNames : ['*']) {
            found.add(`${verb} ${group || 'core'}/${resource}${name === '*' ? '' : ` ${name}`}`);
          }
        }
      }
    }
  }
  return found;
}

/** Permissions the code uses that the rules lack, and permissions the rules grant that nothing uses. */
export function ruleDifferences(
  shipped: V1PolicyRule[],
  needed: V1PolicyRule[],
): { notGranted: string[]; notUsed: string[] } {
  const granted = permissions(shipped);
  const used = permissions(needed);
  return {
    notGranted: [...used].filter((permission) => !granted.has(permission)).sort(),
    notUsed: [...granted].filter((permission) => !used.has(permission)).sort(),
  };
}
