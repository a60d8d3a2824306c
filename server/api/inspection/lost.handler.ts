import { hostsWithLostHardware } from '../../db/inspection-history';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { hardwareDataResource } from '../../types/crds/hardware-data';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { lostHardwareView } from './inspection-view';

/** Hosts whose newest inspection found less hardware than the one before, for the overview. */
export function lostHandler({ ctx, signal }: HandlerOptions) {
  const hosts = ctx.runtime.informers.of(bareMetalHostResource);
  return liveView(
    changesOf(ctx.runtime.informers, [hardwareDataResource, bareMetalHostResource]),
    async () =>
      lostHardwareView(await hostsWithLostHardware(ctx.runtime.db), (namespace, name) =>
        Boolean(hosts.get(name, namespace)),
      ),
    signal,
  );
}
