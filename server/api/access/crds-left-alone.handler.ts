import type { HandlerOptions } from '../trpc';

/** Our CRDs this server found installed by someone else (or newer than ours) and left alone. */
export function crdsLeftAloneHandler({ ctx }: HandlerOptions) {
  return ctx.runtime.crdsLeftAlone;
}
