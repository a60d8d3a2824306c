import { namespaceNames } from './object-names';
import type { HandlerOptions } from './trpc';

/** The namespaces that exist, for the create forms of every kind. */
export function namespacesHandler({ ctx }: HandlerOptions) {
  return namespaceNames(ctx.runtime.kc);
}
