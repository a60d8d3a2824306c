import type { PlacementForm } from '../../schemas/placement-form';
import type { HandlerOptions } from '../trpc';
import { submitPlacement } from './create-placement';

/** The same checks as create, ending in a server-side dry run: nothing is stored. */
export function dryRunHandler({ ctx, input }: HandlerOptions<PlacementForm>) {
  return submitPlacement(ctx.runtime, input, true);
}
