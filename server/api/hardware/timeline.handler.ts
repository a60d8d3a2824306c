import type { z } from 'zod';
import type { macInputSchema } from '../../schemas/hardware-list';
import type { HandlerOptions } from '../trpc';
import { hardwareDetail } from './hardware-timeline';

/** One MAC's row and provisioning timeline (the newest events, bounded per MAC), live. */
export function timelineHandler({ ctx, input, signal }: HandlerOptions<z.output<typeof macInputSchema>>) {
  return hardwareDetail(ctx.runtime, ctx.runtime.boot, input.mac, signal);
}
