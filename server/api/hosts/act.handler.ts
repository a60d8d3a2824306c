import { actorOf, type HandlerOptions } from '../trpc';
import { actOnHost, type HostActionInput } from './host-actions';

/** Power, restart, detach/attach or inspect one host (a bulk action calls this once per host). */
export function actHandler({ ctx, input }: HandlerOptions<HostActionInput>) {
  return actOnHost(ctx.runtime, input, actorOf(ctx.principal).actor);
}
