import { z } from 'zod';
import { visibleScope } from '../caller-scope';
import { changesOf, eventsOf } from '../change-subscription';
import { withTicks } from '../live-ticks';
import type { HandlerOptions } from '../trpc';
import { wallOf } from './wall-board';

const WALL_MS_PER_SCREEN = 5;

/** What a wall asks for: its racks tile shows the racks with problems (the default) or draws them all. */
export const wallInputSchema = z
  .object({ racks: z.enum(['problems', 'all']) })
  .strict()
  .optional();
export type WallInput = z.infer<typeof wallInputSchema>;

export function liveHandler({ ctx, input, signal }: HandlerOptions<WallInput>) {
  const drawRacks = input?.racks === 'all';
  const scope = visibleScope(ctx.scope);
  return ctx.runtime.liveViews.view(
    // Walls that draw every rack share one view, the rest the lighter one; each per set of namespaces.
    `${drawRacks ? 'wall.live racks=all' : 'wall.live'}${scope.all ? '' : ` ${scope.key}`}`,
    withTicks(
      changesOf(ctx.runtime.informers, undefined, eventsOf(ctx.runtime.boot.store, 'change', 'state')),
    ),
    () => wallOf(ctx.runtime, scope, drawRacks),
    signal,
    // A screen nobody touches: 250 ms for a few walls, stretched for a crowd (1 s for 200), so
    // many walls do not multiply what each change costs the server.
    { perSubscriberMs: WALL_MS_PER_SCREEN },
  );
}
