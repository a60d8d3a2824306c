import { visibleScope } from './caller-scope';
import { namespacesOfCaller } from './object-names';
import type { HandlerOptions } from './trpc';

/** The namespaces that exist, for the create forms of every kind: of the caller's, when bound to some. */
export function namespacesHandler({ ctx }: HandlerOptions) {
  return namespacesOfCaller(ctx.runtime.kc, visibleScope(ctx.scope));
}
