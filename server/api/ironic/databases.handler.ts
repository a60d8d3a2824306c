import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { buildDatabaseRows } from './database-row';
import { databases, ironics, LIVE_RESOURCES } from './ironic-cache';

/** Every IronicDatabase with the Ironics that use it, live. */
export function databasesHandler({ ctx, signal }: HandlerOptions) {
  return liveView(
    changesOf(ctx.runtime.informers, LIVE_RESOURCES),
    () => buildDatabaseRows(databases(ctx.runtime).list(), ironics(ctx.runtime).list()),
    signal,
  );
}
