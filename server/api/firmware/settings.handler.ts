import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { FIRMWARE_RESOURCES, firmwareObjects } from './firmware-objects';
import { componentsView, type ComponentsView } from './components-view';
import { firmwareView, type FirmwareView } from './firmware-view';

/** What the firmware page shows: the settings with their schema, and the firmware components. */
export type FirmwarePageView = FirmwareView & { components: ComponentsView };

export function settingsHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  return liveView(
    changesOf(ctx.runtime.informers, FIRMWARE_RESOURCES),
    (): FirmwarePageView => {
      const { hfs, schema, hfc } = firmwareObjects(ctx.runtime, input);
      return { ...firmwareView(hfs, schema), components: componentsView(hfc) };
    },
    signal,
  );
}
