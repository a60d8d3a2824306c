import { actorOf, type HandlerOptions } from '../trpc';
import { deleteHost, type HostDeleteInput } from './host-actions';

export function deleteHandler({ ctx, input }: HandlerOptions<HostDeleteInput>) {
  return deleteHost(ctx.runtime, input, actorOf(ctx.principal).actor);
}
