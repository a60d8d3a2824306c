import { changesOf, eventsOf } from '../change-subscription';
import { withTicks } from '../live-ticks';
import type { HandlerOptions } from '../trpc';
import { wallOf } from './wall-board';

const WALL_MS_PER_SCREEN = 5;

export function liveHandler({ ctx, signal }: HandlerOptions) {
  return ctx.runtime.liveViews.view(
    'wall.live',
    withTicks(
      changesOf(ctx.runtime.informers, undefined, eventsOf(ctx.runtime.boot.store, 'change', 'state')),
    ),
    () => wallOf(ctx.runtime),
    signal,
    // A screen nobody touches: 250 ms for a few walls, stretched for a crowd (1 s for 200), so
    // many walls do not multiply what each change costs the server.
    { perSubscriberMs: WALL_MS_PER_SCREEN },
  );
}
