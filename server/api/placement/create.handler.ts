import type { PlacementForm } from '../../schemas/placement-form';
import type { HandlerOptions } from '../trpc';
import { submitPlacement } from './create-placement';

export function createHandler({ ctx, input }: HandlerOptions<PlacementForm>) {
  return submitPlacement(ctx.runtime, input, false);
}
