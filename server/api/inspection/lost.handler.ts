import { scopeAllows } from '../../access/namespace-scope';
import { hostsWithLostHardware } from '../../db/inspection-history';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { hardwareDataResource } from '../../types/crds/hardware-data';
import { visibleScope } from '../caller-scope';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { lostHardwareView } from './inspection-view';

/**
 * Hosts whose newest inspection found less hardware than the one before, for the overview: of those
 * that still exist, the caller's.
 */
export function lostHandler({ ctx, signal }: HandlerOptions) {
  const scope = visibleScope(ctx.scope);
  const hosts = ctx.runtime.informers.of(bareMetalHostResource);
  return liveView(
    changesOf(ctx.runtime.informers, [hardwareDataResource, bareMetalHostResource]),
    async () =>
      lostHardwareView(
        await hostsWithLostHardware(ctx.runtime.db),
        (namespace, name) => scopeAllows(scope, namespace) && Boolean(hosts.get(name, namespace)),
      ),
    signal,
  );
}
