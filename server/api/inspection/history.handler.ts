import { inspectionHistory } from '../../db/inspection-history';
import { hardwareDataResource } from '../../types/crds/hardware-data';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { historyView } from './inspection-view';

/**
 * The record of an inspection is written by the controllers' Lease holder after the HardwareData
 * changed, possibly on another replica: the view is read again on each change and every few seconds.
 */
export const HISTORY_RECHECK_MS = 5_000;

export function historyHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  return liveView(
    changesOf(ctx.runtime.informers, [hardwareDataResource]),
    async () => historyView(await inspectionHistory(ctx.runtime.db, input)),
    signal,
    { heartbeatMs: HISTORY_RECHECK_MS },
  );
}
