import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { raidView, type RaidMessage } from './raid-view';

export function raidHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  return liveView(
    changesOf(ctx.runtime.informers, [bareMetalHostResource]),
    (): RaidMessage => {
      const host = ctx.runtime.informers.of(bareMetalHostResource).get(input.name, input.namespace);
      return host ? { found: true, raid: raidView(host) } : { found: false };
    },
    signal,
  );
}
