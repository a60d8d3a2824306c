/**
 * A host's firmware components as its firmware page shows them: each component with its versions, the
 * updates requested (spec.updates) and last applied (status.updates), what a cleaning would still flash,
 * and BMO's conditions. Pure: settings.handler.ts feeds it the cached HostFirmwareComponents.
 */
import {
  updatesState,
  updatesToFlash,
  type FirmwareUpdate,
  type UpdatesState,
} from '../../schemas/firmware-component-rules';
import type {
  HostFirmwareComponents,
  HostFirmwareComponentsStatus,
} from '../../types/crds/host-firmware-components';

export type ComponentRow = NonNullable<HostFirmwareComponentsStatus['components']>[number];

export type ComponentsView =
  | { found: false; message: string }
  | {
      found: true;
      /** The version a request was made against: the write is refused if the object changed since. */
      resourceVersion?: string;
      lastUpdated?: string;
      components: ComponentRow[];
      requested: FirmwareUpdate[];
      applied: FirmwareUpdate[];
      /** Requested and not flashed with that image yet. */
      toFlash: FirmwareUpdate[];
      state: UpdatesState;
      conditions: { type: string; status: string; reason: string; message: string }[];
    };

export const NO_COMPONENTS =
  'No HostFirmwareComponents for this host: the host operator has not reported its firmware components (BMO makes one only for a BMC with a firmware interface, such as Redfish).';

export function componentsView(hfc: HostFirmwareComponents | undefined): ComponentsView {
  if (!hfc) return { found: false, message: NO_COMPONENTS };
  return {
    found: true,
    ...(hfc.metadata.resourceVersion ? { resourceVersion: hfc.metadata.resourceVersion } : {}),
    ...(hfc.status?.lastUpdated ? { lastUpdated: hfc.status.lastUpdated } : {}),
    components: [...(hfc.status?.components ?? [])].sort((a, b) => a.component.localeCompare(b.component)),
    requested: hfc.spec?.updates ?? [],
    applied: hfc.status?.updates ?? [],
    toFlash: updatesToFlash(hfc),
    state: updatesState(hfc),
    conditions: (hfc.status?.conditions ?? []).map(({ type, status, reason, message }) => ({
      type,
      status,
      reason,
      message,
    })),
  };
}
