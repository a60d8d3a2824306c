import { z } from 'zod';
import { plainString } from '../../schemas/control-characters';
import { hostFilterSchema, type HostFilter } from '../hosts/host-query';
import { objectRefSchema } from '../object-ref';
import { settingsRecordSchema } from './change.schema';

/** The fleet view's hosts: the hosts list's search and facets, and optionally one tenant cluster's hosts. */
export const fleetFilterSchema = hostFilterSchema.extend({
  /** The SIPCluster holding the hosts (the hosts list's tenant column). */
  tenant: objectRefSchema.optional(),
});
export type FleetFilter = z.output<typeof fleetFilterSchema>;
export type FleetFilterInput = z.input<typeof fleetFilterSchema>;

export const baselineIdSchema = z.uuid('a baseline id is a UUID');

export const fleetInputSchema = z.object({
  filter: fleetFilterSchema,
  /** The baseline to compare its vendor and model against, instead of the majority. */
  baseline: baselineIdSchema.optional(),
});
export type FleetInput = z.output<typeof fleetInputSchema>;

/** A FirmwareSchema's hardwareVendor or hardwareModel, as BMO copies it from the BIOS registry. */
const hardwareText = plainString().max(256);

/** Settings for every host of one vendor and model: a setting, or a baseline's. */
export const fleetSettingsSchema = z.object({
  vendor: hardwareText,
  model: hardwareText,
  settings: settingsRecordSchema,
  /** The baseline the settings came from, named in the job's record and audit rows. */
  baseline: plainString().max(128).optional(),
});
export type FleetSettings = z.output<typeof fleetSettingsSchema>;

/** Whether the host row belongs to the filter's tenant cluster (every host when none is named). */
export function inTenant(
  row: { tenant?: { namespace: string; name: string } | undefined },
  filter: Pick<FleetFilter, 'tenant'>,
): boolean {
  const { tenant } = filter;
  return !tenant || (row.tenant?.namespace === tenant.namespace && row.tenant.name === tenant.name);
}

/** The hosts list's part of the filter. */
export function hostPartOf(filter: FleetFilter): HostFilter {
  const { search, state, rack, flavor, claim } = filter;
  return { search, state, rack, flavor, claim };
}
