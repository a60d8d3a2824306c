import type { HardwareQuery } from '../../schemas/hardware-list';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { hardwarePage, subscribeHardware } from './hardware-page';

/** One page of hardware rows (every MAC the boot service knows), live, batched ≤ 250 ms. */
export function listHandler({ ctx, input, signal }: HandlerOptions<HardwareQuery>) {
  const boot = ctx.runtime.boot;
  return liveView(subscribeHardware(ctx.runtime, boot), () => hardwarePage(ctx.runtime, boot, input), signal);
}
