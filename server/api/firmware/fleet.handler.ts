import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { hardwareDataResource } from '../../types/crds/hardware-data';
import { visibleScope } from '../caller-scope';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import type { HandlerOptions } from '../trpc';
import { baselineById } from './baselines';
import { FIRMWARE_RESOURCES } from './firmware-objects';
import { fleetDrift, type FleetGroup } from './fleet-drift';
import { fleetMembers } from './fleet-hosts';
import type { FleetInput } from './fleet.schema';

export interface FleetView {
  groups: FleetGroup[];
  /** Hosts the filter matches that have reported no firmware settings yet (not in any group). */
  unreported: number;
  /** Set when the chosen baseline no longer exists: the groups compare against their majority. */
  baselineMissing?: true;
}

/** The filter's hosts compared per vendor and model, again whenever a host or its firmware objects change. */
export function fleetHandler({ ctx, input, signal }: HandlerOptions<FleetInput>) {
  const scope = visibleScope(ctx.scope);
  const baseline = input.baseline ? baselineById(ctx.runtime, input.baseline) : Promise.resolve(undefined);
  return liveView(
    changesOf(ctx.runtime.informers, [...FIRMWARE_RESOURCES, bareMetalHostResource, hardwareDataResource]),
    async (): Promise<FleetView> => {
      const chosen = await baseline;
      const { members, unreported } = fleetMembers(ctx.runtime, input.filter, scope);
      return {
        groups: fleetDrift(members, chosen),
        unreported,
        ...(input.baseline && !chosen ? { baselineMissing: true as const } : {}),
      };
    },
    signal,
  );
}
