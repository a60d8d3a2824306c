import { objectsInScope } from '../../access/scope-filters';
import { visibleScope } from '../caller-scope';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { buildDatabaseRows } from './database-row';
import { databases, ironics, LIVE_RESOURCES } from './ironic-cache';

/** Every IronicDatabase of the caller's namespaces with the Ironics that use it (of its own), live. */
export function databasesHandler({ ctx, signal }: HandlerOptions) {
  const scope = visibleScope(ctx.scope);
  return liveView(
    changesOf(ctx.runtime.informers, LIVE_RESOURCES),
    () =>
      buildDatabaseRows(
        objectsInScope(scope, databases(ctx.runtime).list()),
        objectsInScope(scope, ironics(ctx.runtime).list()),
      ),
    signal,
  );
}
