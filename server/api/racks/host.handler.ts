import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { hostInformer, indexHost } from '../hosts/host-cache';
import type { HostRow } from '../hosts/host-row';

/**
 * One host's hosts-list row, from the cache: the rack view's boxes carry only what they draw, and the
 * bar's action menu and the card's full state ask for the chosen host's row on their own. `null` for
 * a host that is gone.
 */
export function hostHandler({ ctx, input }: HandlerOptions<ObjectRef>): HostRow | null {
  const host = hostInformer(ctx.runtime).get(input.name, input.namespace);
  return host ? indexHost(host).row : null;
}
