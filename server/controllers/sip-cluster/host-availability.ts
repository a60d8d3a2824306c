import { unavailabilityOf } from '../../schemas/host-free';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';

/** What availabilityOf says of a host SIP may schedule. */
export const SCHEDULABLE = 'available';

/** Where an unclaimed host stands for scheduling: SCHEDULABLE, or in a few words why not (host-free.ts). */
export function availabilityOf(host: BareMetalHost): string {
  return unavailabilityOf(host) ?? SCHEDULABLE;
}
