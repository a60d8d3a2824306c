import { macVendor } from '../../inventory/mac-vendor';
import type { Runtime } from '../../runtime';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { hostInformer } from './host-cache';
import { buildHostDetail, type HostDetailView } from './host-detail';

/** The detail view, or `found: false` so a page can wait for a host that is created or deleted. */
export type HostDetailMessage = { found: true; host: HostDetailView } | { found: false };

function hostDetail(runtime: Runtime, ref: ObjectRef): HostDetailMessage {
  const host = hostInformer(runtime).get(ref.name, ref.namespace);
  return host
    ? { found: true, host: buildHostDetail(host, macVendor, runtime.racks.rackKeys) }
    : { found: false };
}

export function detailHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  return liveView(
    changesOf(ctx.runtime.informers, [bareMetalHostResource]),
    () => hostDetail(ctx.runtime, input),
    signal,
  );
}
