import type { z } from 'zod';
import type { HandlerOptions } from '../trpc';
import { matchNodes, type nodeMatchInputSchema } from './node-match';

/** The nodes a selector matches now, and which of them another group already holds. */
export function groupsMatchingNodesHandler({
  ctx,
  input,
}: HandlerOptions<z.output<typeof nodeMatchInputSchema>>) {
  return matchNodes(ctx.runtime.informers, input.selector, input.self);
}
