import type { BareMetalHost } from '../../types/crds/bare-metal-host';

/** What availabilityOf says of a host SIP may schedule. */
export const SCHEDULABLE = 'available';

/** `ready` is BMO's legacy name for `available` (renamed in BMO PR #340). */
const AVAILABLE_STATES = new Set(['available', 'ready']);

/** BMO's annotations for a host taken out of management (detached) or out of reconciling (paused). */
const DETACHED_ANNOTATION = 'baremetalhost.metal3.io/detached';
const PAUSED_ANNOTATION = 'baremetalhost.metal3.io/paused';

/**
 * Where a free host stands for scheduling: SCHEDULABLE, or in a few words why not. SIP hands its
 * hosts to CAPM3, which provisions them, so a host must be in the provisioning state `available` and
 * nothing may hold it back: an operator powering it off (spec.online false), a detach or pause
 * (maintenance), another consumer, or a BMC in error. A host still inspecting would otherwise become a
 * worker and stall the tenant cluster's provisioning.
 */
export function availabilityOf(host: BareMetalHost): string {
  const state = host.status?.provisioning?.state;
  if (!state) return 'no provisioning state';
  if (!AVAILABLE_STATES.has(state)) return state;
  const annotations = host.metadata.annotations ?? {};
  if (host.spec.consumerRef) return 'consumed';
  if (Object.hasOwn(annotations, DETACHED_ANNOTATION) || host.status?.operationalStatus === 'detached') {
    return 'detached';
  }
  if (Object.hasOwn(annotations, PAUSED_ANNOTATION)) return 'paused';
  if (!host.spec.online) return 'powered off';
  if (host.status?.operationalStatus === 'error') return 'in error';
  return SCHEDULABLE;
}
