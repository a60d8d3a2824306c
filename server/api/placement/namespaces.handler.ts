import { namespaceNames } from '../tenant-clusters/object-names';
import type { HandlerOptions } from '../trpc';

export function namespacesHandler({ ctx }: HandlerOptions) {
  return namespaceNames(ctx.runtime.kc);
}
