import type { z } from 'zod';
import type { macInputSchema } from '../../schemas/hardware-list';
import { actorOf, type HandlerOptions } from '../trpc';
import { powerCycleMachine } from './power-cycle';

/** A released machine waiting to be wiped is power-cycled through its BareMetalHost's BMC. */
export function powerCycleHandler({ ctx, input }: HandlerOptions<z.output<typeof macInputSchema>>) {
  return powerCycleMachine(ctx.runtime, input.mac, actorOf(ctx.principal).actor);
}
