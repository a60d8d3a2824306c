import { visibleScope } from './caller-scope';
import { namespaceNames } from './object-names';
import type { HandlerOptions } from './trpc';

/** The namespaces that exist, for the create forms of every kind: of the caller's, when bound to some. */
export async function namespacesHandler({ ctx }: HandlerOptions) {
  const scope = visibleScope(ctx.scope);
  const names = await namespaceNames(ctx.runtime.kc);
  return scope.all ? names : names.filter(scope.allows);
}
