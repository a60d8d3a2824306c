import { namespaceNames } from '../object-names';
import type { HandlerOptions } from '../trpc';

export function namespacesHandler({ ctx }: HandlerOptions) {
  return namespaceNames(ctx.runtime.kc);
}
