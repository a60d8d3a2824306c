import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { SIPClusterSpec } from '../../types/crds/sip-cluster';
import { hostPoolOf } from './host-pool';
import { scheduleHosts } from './schedule-hosts';
import type { SipRole } from './sip-names';

/** Per role numbers for the console's create/edit form. */
export interface SipRolePreview {
  role: SipRole;
  /** active + standby. */
  wanted: number;
  /** Unclaimed hosts matching the role's selector, free or not yet available (whyNotFree). */
  matching: number;
  /** Hosts the role would hold: already labelled ones plus free ones usable under anti-affinity. */
  schedulable: number;
  /** max(0, wanted - schedulable). */
  shortfall: number;
}

/**
 * What scheduling a spec would give right now, for the console's form: the same rules as the
 * controller, except that Secrets are not read (a host with spec.networkData counts as usable).
 */
export function previewSipSchedule(
  spec: SIPClusterSpec,
  namespace: string,
  name: string,
  hosts: readonly BareMetalHost[],
): SipRolePreview[] {
  return scheduleHosts({
    nodes: spec.nodes,
    namespace,
    name,
    hosts: hostPoolOf(hosts),
    exhaustive: true,
  }).roles.map(({ role, wanted, matching, schedulable, shortfall }) => ({
    role,
    wanted,
    matching,
    schedulable,
    shortfall,
  }));
}
