/**
 * A released Plunder machine is wiped on its next boot, and many machines never boot by themselves: where
 * a BareMetalHost with the machine's boot MAC has a BMC, the release (and the operator's "Power-cycle
 * now") power-cycles it through Metal3's own vocabulary. Pure: the controller, the API and the page agree.
 */
import type { BareMetalHost } from '../types/crds/bare-metal-host';
import type { HardwareState } from './hardware-list';
import { HARDWARE_WAITING_FOR } from './hardware-waiting';
import { REBOOT_ANNOTATION } from './host-actions';
import { normalizeMac } from './mac-address';

/** The BareMetalHost that can power-cycle the machine with boot MAC `mac`: one with a BMC, not being deleted. */
export function bmcHostOf(hosts: Iterable<BareMetalHost>, mac: string): BareMetalHost | undefined {
  for (const host of hosts) {
    if (host.metadata.deletionTimestamp || !host.spec.bmc?.address) continue;
    if (host.spec.bootMACAddress && normalizeMac(host.spec.bootMACAddress) === mac) return host;
  }
  return undefined;
}

/**
 * A host that is on gets Metal3's reboot request (its operator powers it off and on and removes the
 * request); one that is off, or asked to be, is asked to be on: either way the machine boots.
 */
export function powerCyclePatch(host: BareMetalHost): object {
  if (host.spec.online && host.status?.poweredOn !== false) {
    return { metadata: { annotations: { [REBOOT_ANNOTATION]: '' } } };
  }
  return { spec: { online: true } };
}

/** A power cycle asked for and not yet taken up by the host's operator. */
export function powerCyclePending(host: BareMetalHost): boolean {
  return (
    host.metadata.annotations?.[REBOOT_ANNOTATION] !== undefined ||
    (host.spec.online && host.status?.poweredOn === false)
  );
}

/** What the machine page says while a released machine waits to be wiped. */
export interface WipeWait {
  /** What it waits for, in words. */
  waitingFor: string;
  /** The host whose BMC can power-cycle it; null when none can (the machine must be restarted by hand). */
  bmcHost: { namespace: string; name: string } | null;
  /** A power cycle was asked for and the host's operator has not done it yet. */
  powerCyclePending: boolean;
}

export function wipeWaitOf(state: HardwareState, host: BareMetalHost | undefined): WipeWait | null {
  if (state !== 'wiping' && state !== 'wiped') return null;
  return {
    waitingFor: HARDWARE_WAITING_FOR[state] ?? '',
    bmcHost: host ? { namespace: host.metadata.namespace ?? '', name: host.metadata.name ?? '' } : null,
    powerCyclePending: host ? powerCyclePending(host) : false,
  };
}
