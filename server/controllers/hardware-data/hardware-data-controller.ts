import type { InspectedHardware } from '../../lib/hardware-diff';
import { hardwareDataResource, type HardwareData } from '../../types/crds/hardware-data';
import type { RackpilotController } from '../controller-services';

/** One HardwareData as the inspection history stores it (server/db/inspection-history.ts). */
export interface InspectionSighting {
  namespace: string;
  name: string;
  uid: string;
  resourceVersion: string;
  hardware: InspectedHardware;
}

/** What a pass hands to the history: nothing while the HardwareData holds no hardware yet. */
export function sightingOf(data: HardwareData): InspectionSighting | undefined {
  const { namespace, name, uid, resourceVersion } = data.metadata;
  const hardware = data.spec?.hardware;
  if (!namespace || !name || !uid || !hardware) return undefined;
  return { namespace, name, uid, resourceVersion: resourceVersion ?? '', hardware };
}

/**
 * Keeps each host's inspection history: every HardwareData change (a new inspection, as BMO writes it)
 * is offered to the history, which stores it when the hardware differs from the last record. Run by the
 * controllers' Lease holder only, so one replica writes; a failed write is retried by the queue.
 */
export const hardwareDataDeclaration: RackpilotController<HardwareData> = {
  name: 'hardware-data',
  reconciles: hardwareDataResource,
  owns: [],
  watches: [],
  setup: (_ctx, services) => ({
    async reconcile(data) {
      const sighting = sightingOf(data);
      if (sighting) await services.recordInspection(sighting);
      return undefined;
    },
  }),
};
