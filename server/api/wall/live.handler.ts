import { z } from 'zod';
import type { Runtime } from '../../runtime';
import { bareMetalHostResource, type BareMetalHost } from '../../types/crds/bare-metal-host';
import { visibleScope } from '../caller-scope';
import { changesOf, eventsOf, objectChangesOf, type Subscribe } from '../change-subscription';
import { withTicks } from '../live-ticks';
import { rackReuse } from '../racks/rack-reuse';
import type { RackDrawing } from '../racks/rack-view';
import type { HandlerOptions } from '../trpc';
import { WALL_KINDS, wallOf } from './wall-board';
import { wallHostChanged } from './wall-host-facts';

const WALL_MS_PER_SCREEN = 5;

/** What a wall asks for: its racks tile shows the racks with problems (the default) or draws them all. */
export const wallInputSchema = z
  .object({ racks: z.enum(['problems', 'all']) })
  .strict()
  .optional();
export type WallInput = z.infer<typeof wallInputSchema>;

/**
 * What rebuilds the wall: a change of a kind it shows (WALL_KINDS), the boot service's, and of a host
 * only when it changes what the wall shows of it (wall-host-facts.ts). It heard every cached kind:
 * host label changes, the lab's firmware objects and stand-ins' statuses each rebuilt it over every
 * host, to send `same`.
 */
export function wallChanges(
  runtime: Pick<Runtime, 'informers' | 'racks'> & { boot: { store: Parameters<typeof eventsOf>[0] } },
): Subscribe {
  const { informers } = runtime;
  const hosts = informers.has(bareMetalHostResource)
    ? [
        objectChangesOf<BareMetalHost>(informers.of(bareMetalHostResource), (host, previous) =>
          wallHostChanged(host, previous, runtime.racks),
        ),
      ]
    : [];
  return changesOf(informers, WALL_KINDS, ...hosts, eventsOf(runtime.boot.store, 'change', 'state'));
}

export function liveHandler({ ctx, input, signal }: HandlerOptions<WallInput>) {
  const drawRacks = input?.racks === 'all';
  const scope = visibleScope(ctx.scope);
  // One per subscription; the shared view builds with the first subscriber's, as the rack view does.
  const reuse = rackReuse<RackDrawing>();
  return ctx.runtime.liveViews.view(
    // Walls that draw every rack share one view, the rest the lighter one; each per set of namespaces.
    `${drawRacks ? 'wall.live racks=all' : 'wall.live'}${scope.all ? '' : ` ${scope.key}`}`,
    withTicks(wallChanges(ctx.runtime)),
    () => wallOf(ctx.runtime, scope, drawRacks, reuse),
    signal,
    // A screen nobody touches: 250 ms for a few walls, stretched for a crowd (1 s for 200), so
    // many walls do not multiply what each change costs the server.
    { perSubscriberMs: WALL_MS_PER_SCREEN },
  );
}
