import { actorOf, type HandlerOptions } from '../trpc';
import { setHostLabels, type HostLabelsInput } from './host-actions';

export function setLabelsHandler({ ctx, input }: HandlerOptions<HostLabelsInput>) {
  return setHostLabels(ctx.runtime, input, actorOf(ctx.principal).actor);
}
