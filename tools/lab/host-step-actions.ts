/**
 * How the lab's simulated host operator carries out one step (host-operator-plan.ts decides which):
 * a script of waits, BMC power calls, status writes and annotation removals that the operator loop
 * (lab-host-operator.ts) runs in order. Pure, so the statuses Metal3 would report are table-tested.
 */
import type { V1Secret } from '@kubernetes/client-node';
import type { BareMetalHost, BareMetalHostStatus } from '../../server/types/crds/bare-metal-host';
import { INSPECT_ANNOTATION, REBOOT_ANNOTATION } from '../../server/schemas/host-actions';
import { normalizeMac } from '../../server/schemas/mac-address';
import type { RaidMergePatch } from '../../server/schemas/raid-apply';
import type { HostStep } from './host-operator-plan';
import { cleaningActions } from './lab-cleaning';

type History = BareMetalHostStatus['operationHistory'];

export type HostAction =
  /** Wait this many step delays; the script ends here when the operator stops. */
  | { kind: 'wait'; steps: number }
  | { kind: 'power'; on: boolean }
  /**
   * A status merge patch. `at` holds the time of every status write of the script so far, this one
   * last: operation histories carry when each stage started and ended.
   */
  | { kind: 'status'; status: (at: readonly string[]) => BareMetalHostStatus }
  | { kind: 'unannotate'; key: string }
  /**
   * The cleaning's firmware steps: the host's wanted BIOS settings written and its requested firmware
   * images flashed (lab-firmware-sync.ts applyAtCleaning).
   */
  | { kind: 'firmware' }
  /** The cleaning's RAID step made this layout: status.provisioning.raid replaced by it. */
  | { kind: 'raid'; raid: RaidMergePatch };

/**
 * The simulator's test knob, never set by the product: comma-separated parts (`dimm`, `disk`, `nic`)
 * the host's next inspection finds missing, as if taken out of the server since. The inspection
 * removes the annotation when it reports. HardwareDetails lists no DIMMs, so a DIMM taken out is one
 * DIMM's worth less `ramMebibytes` (a sixteenth of the memory, at least 1 GiB).
 */
export const LAB_REMOVE_ANNOTATION = 'lab.rackpilot.io/inspection-removes';

type Hardware = NonNullable<BareMetalHostStatus['hardware']>;

function withoutRemoved(hardware: Hardware, removes: string | undefined): Hardware {
  const parts = new Set((removes ?? '').split(',').map((part) => part.trim()));
  const ram = hardware.ramMebibytes ?? 0;
  return {
    ...hardware,
    ...(parts.has('dimm') && ram > 1024 ? { ramMebibytes: ram - Math.max(1024, ram / 16) } : {}),
    ...(parts.has('disk') ? { storage: hardware.storage?.slice(0, -1) ?? [] } : {}),
    ...(parts.has('nic') ? { nics: hardware.nics?.slice(0, -1) ?? [] } : {}),
  };
}

/**
 * The hardware inspection reports: what the host reported before, or one virtual server's worth, less
 * what LAB_REMOVE_ANNOTATION takes out.
 */
export function labHardware(host: BareMetalHost): BareMetalHostStatus['hardware'] {
  return withoutRemoved(foundHardware(host), host.metadata.annotations?.[LAB_REMOVE_ANNOTATION]);
}

function foundHardware(host: BareMetalHost): Hardware {
  if (host.status?.hardware) return host.status.hardware;
  const mac = normalizeMac(host.spec.bootMACAddress ?? '') ?? host.spec.bootMACAddress;
  return {
    systemVendor: {
      manufacturer: 'Rackpilot lab',
      productName: 'Virtual server',
      serialNumber: host.metadata.uid,
    },
    cpu: { arch: 'x86_64', model: 'Virtual CPU', count: 8, clockMegahertz: 2400 },
    ramMebibytes: 32768,
    nics: mac ? [{ name: 'eno1', mac, ip: '', speedGbps: 10, pxe: true }] : [],
    storage: [{ name: '/dev/sda', type: 'SSD', sizeBytes: 480_103_981_056, model: 'Virtual disk' }],
    hostname: host.metadata.name,
  };
}

/**
 * Inspection, its first status write being write number `first` of the script: inspecting, two step
 * delays, power as spec.online asks, then available with the hardware found.
 */
function inspection(
  host: BareMetalHost,
  history: (at: readonly string[]) => History,
  first: number,
): HostAction[] {
  const inspecting = { state: 'inspecting' as const, ID: host.metadata.uid ?? '' };
  return [
    {
      kind: 'status',
      status: (at) => ({
        operationalStatus: 'OK',
        errorType: '',
        errorMessage: '',
        errorCount: 0,
        poweredOn: true,
        provisioning: inspecting,
        operationHistory: { ...history(at), inspect: { start: at[first] } },
      }),
    },
    { kind: 'wait', steps: 2 },
    { kind: 'power', on: host.spec.online },
    {
      kind: 'status',
      status: (at) => ({
        poweredOn: host.spec.online,
        provisioning: { ...inspecting, state: 'available' },
        hardware: labHardware(host),
        operationHistory: { ...history(at), inspect: { start: at[first], end: at[first + 1] } },
      }),
    },
    ...(LAB_REMOVE_ANNOTATION in (host.metadata.annotations ?? {})
      ? [{ kind: 'unannotate' as const, key: LAB_REMOVE_ANNOTATION }]
      : []),
  ];
}

export function hostStepActions(host: BareMetalHost, step: HostStep): HostAction[] {
  const first: HostAction = { kind: 'wait', steps: 1 };
  switch (step.kind) {
    case 'power':
      return [
        first,
        { kind: 'power', on: step.on },
        { kind: 'status', status: () => ({ poweredOn: step.on }) },
      ];
    case 'reboot':
      return [
        first,
        { kind: 'power', on: false },
        { kind: 'status', status: () => ({ poweredOn: false }) },
        { kind: 'wait', steps: 1 },
        { kind: 'power', on: true },
        { kind: 'status', status: () => ({ poweredOn: true }) },
        { kind: 'unannotate', key: REBOOT_ANNOTATION },
      ];
    case 'detach':
      return [first, { kind: 'status', status: () => ({ operationalStatus: 'detached' }) }];
    case 'attach':
      return [first, { kind: 'status', status: () => ({ operationalStatus: 'OK' }) }];
    case 'inspect': {
      const history = host.status?.operationHistory;
      // Metal3 removes the request when inspection starts.
      return [first, { kind: 'unannotate', key: INSPECT_ANNOTATION }, ...inspection(host, () => history, 0)];
    }
    case 'prepare':
      return cleaningActions(host, step.settings);
    case 'register':
      return [
        first,
        {
          kind: 'status',
          status: (at) => ({
            operationalStatus: 'OK',
            errorType: '',
            errorCount: 0,
            poweredOn: false,
            provisioning: { state: 'registering', ID: '' },
            operationHistory: { register: { start: at[0] }, inspect: {}, provision: {}, deprovision: {} },
          }),
        },
        { kind: 'wait', steps: 1 },
        ...inspection(
          host,
          (at) => ({ register: { start: at[0], end: at[1] }, provision: {}, deprovision: {} }),
          1,
        ),
      ];
  }
}

/** `redfish+http://127.0.0.1:4000/redfish/v1/Systems/abc` → the system URL over plain HTTP(S). */
export function redfishSystemUrl(address: string | undefined): URL | undefined {
  const match = /^(?:redfish|redfish-virtualmedia|idrac-redfish)(?:\+(https?))?:\/\/(.+)$/.exec(
    address ?? '',
  );
  if (!match) return undefined;
  try {
    return new URL(`${match[1] ?? 'https'}://${match[2] ?? ''}`);
  } catch {
    return undefined;
  }
}

/** The system a host's BMC address names, when it is one of the lab's real Redfish BMCs (else simulated). */
export function labRedfishSystem(
  address: string | undefined,
  origins: readonly string[] = [],
): URL | undefined {
  const system = redfishSystemUrl(address);
  return system && origins.includes(system.origin) ? system : undefined;
}

/** The username and password of a BMC credentials Secret, as Metal3 reads them. */
export function bmcCredentials(secret: V1Secret): { username: string; password: string } {
  const field = (key: string) => Buffer.from(secret.data?.[key] ?? '', 'base64').toString('utf8');
  return { username: field('username'), password: field('password') };
}

/** The Redfish call that switches a system's power, as Ironic's redfish driver makes it. */
export function redfishResetRequest(
  system: URL,
  credentials: { username: string; password: string },
  on: boolean,
): { url: string; init: RequestInit } {
  const basic = Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64');
  return {
    url: `${system.href.replace(/\/$/, '')}/Actions/ComputerSystem.Reset`,
    init: {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ResetType: on ? 'On' : 'ForceOff' }),
    },
  };
}
