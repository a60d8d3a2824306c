import type { Runtime } from '../../runtime';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { ironics, LIVE_RESOURCES } from './ironic-cache';
import { buildIronicDetail, type IronicDetailView } from './ironic-detail';

export type IronicDetailMessage = { found: true; ironic: IronicDetailView } | { found: false };

function ironicDetail(runtime: Runtime, ref: ObjectRef): IronicDetailMessage {
  const ironic = ironics(runtime).get(ref.name, ref.namespace);
  return ironic ? { found: true, ironic: buildIronicDetail(ironic, runtime.informers) } : { found: false };
}

/** One Ironic with its database and owned objects, live. */
export function detailHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  return liveView(
    changesOf(ctx.runtime.informers, LIVE_RESOURCES),
    () => ironicDetail(ctx.runtime, input),
    signal,
  );
}
