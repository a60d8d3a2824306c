import type { NamespaceScope } from '../../access/namespace-scope';
import { objectsInScope } from '../../access/scope-filters';
import type { Runtime } from '../../runtime';
import { visibleScope } from '../caller-scope';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { databases, ironics, LIVE_RESOURCES } from './ironic-cache';
import { queryIronics, type IronicPage, type IronicQuery } from './ironic-query';
import { buildIronicRow } from './ironic-row';

/** The rows of the Ironics in the caller's namespaces, each looking up its database in its own. */
function ironicPage(runtime: Runtime, query: IronicQuery, scope: NamespaceScope): IronicPage {
  const lookup = (namespace: string, name: string) => databases(runtime).get(name, namespace);
  return queryIronics(
    objectsInScope(scope, ironics(runtime).list()).map((ironic) => buildIronicRow(ironic, lookup)),
    query,
  );
}

/** One page of Ironic rows, live. */
export function listHandler({ ctx, input, signal }: HandlerOptions<IronicQuery>) {
  const scope = visibleScope(ctx.scope);
  return liveView(
    changesOf(ctx.runtime.informers, LIVE_RESOURCES),
    () => ironicPage(ctx.runtime, input, scope),
    signal,
  );
}
