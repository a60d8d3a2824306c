import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { FIRMWARE_RESOURCES, firmwareObjects } from './firmware-objects';
import { firmwareView } from './firmware-view';

export function settingsHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  return liveView(
    changesOf(ctx.runtime.informers, FIRMWARE_RESOURCES),
    () => {
      const { hfs, schema } = firmwareObjects(ctx.runtime, input);
      return firmwareView(hfs, schema);
    },
    signal,
  );
}
