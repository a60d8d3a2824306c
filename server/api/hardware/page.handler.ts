import type { HardwareQuery } from '../../schemas/hardware-list';
import type { HandlerOptions } from '../trpc';
import { hardwarePage } from './hardware-page';

/** The same page once, over HTTP. */
export function pageHandler({ ctx, input }: HandlerOptions<HardwareQuery>) {
  return hardwarePage(ctx.runtime, ctx.runtime.boot, input);
}
