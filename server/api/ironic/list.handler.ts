import type { Runtime } from '../../runtime';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { databases, ironics, LIVE_RESOURCES } from './ironic-cache';
import { queryIronics, type IronicPage, type IronicQuery } from './ironic-query';
import { buildIronicRow } from './ironic-row';

function ironicPage(runtime: Runtime, query: IronicQuery): IronicPage {
  const lookup = (namespace: string, name: string) => databases(runtime).get(name, namespace);
  return queryIronics(
    ironics(runtime)
      .list()
      .map((ironic) => buildIronicRow(ironic, lookup)),
    query,
  );
}

/** One page of Ironic rows, live. */
export function listHandler({ ctx, input, signal }: HandlerOptions<IronicQuery>) {
  return liveView(
    changesOf(ctx.runtime.informers, LIVE_RESOURCES),
    () => ironicPage(ctx.runtime, input),
    signal,
  );
}
