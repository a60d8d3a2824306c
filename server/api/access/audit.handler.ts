import { namespacesInScope } from '../../access/scope-filters';
import { visibleScope } from '../caller-scope';
import { namespaceNames } from '../object-names';
import type { HandlerOptions } from '../trpc';
import { auditPage, type AuditQuery } from './audit-query';

/**
 * The audit log; a caller bound to some namespaces sees the rows about objects of theirs that exist
 * now (a selector is matched against the namespaces listed now), whoever acted.
 */
export async function auditHandler({ ctx, input }: HandlerOptions<AuditQuery>) {
  const scope = visibleScope(ctx.scope);
  const namespaces = scope.all ? undefined : namespacesInScope(scope, await namespaceNames(ctx.runtime.kc));
  return auditPage(ctx.runtime.db, input, namespaces);
}
