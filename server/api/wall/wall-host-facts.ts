import { whyNotFree } from '../../schemas/host-free';
import { rackOf } from '../../schemas/host-labels';
import type { RackSettings } from '../../schemas/rack-settings';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { hostStatusOf } from '../hosts/host-row';
import { positionText } from '../racks/rack-view';

/**
 * Everything of one host the wall reads (its counts and lists in wall-view.ts, its racks tile in
 * rack-view.ts's summary), as one string: two versions of a host with the same facts give the same wall,
 * so a change that leaves them alike (a flavor label, a note) need not rebuild it.
 */
export function wallHostFacts(host: BareMetalHost, racks: RackSettings): string {
  const history = host.status?.operationHistory;
  return JSON.stringify([
    hostStatusOf(host),
    whyNotFree(host) ?? null,
    host.status?.lastUpdated ?? null,
    host.metadata.creationTimestamp ?? null,
    [history?.register, history?.inspect, history?.provision, history?.deprovision].map(
      (step) => step?.start ?? null,
    ),
    rackOf(host.metadata.labels, racks.rackKeys) ?? null,
    positionText(host, racks.slotKey) ?? null,
    positionText(host, racks.heightKey) ?? null,
  ]);
}

/** Whether a host's change (or its arrival or removal, `previous` undefined) changes the wall. */
export function wallHostChanged(
  host: BareMetalHost,
  previous: BareMetalHost | undefined,
  racks: RackSettings,
): boolean {
  return !previous || wallHostFacts(host, racks) !== wallHostFacts(previous, racks);
}
