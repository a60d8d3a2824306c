import type { V1Secret } from '@kubernetes/client-node';
import { FLAVOR_LABEL, RACK_LABEL } from '../../server/schemas/host-labels';
import { DEFAULT_RACK_SETTINGS } from '../../server/schemas/rack-settings';
import type {
  BareMetalHost,
  BareMetalHostImage,
  BareMetalHostOperationHistory,
  BareMetalHostStatus,
} from '../../server/types/crds/bare-metal-host';
import { digest, disks, RAM_MEBIBYTES, ROOT_DEVICE_HINTS, VENDORS, type LabFlavor } from './lab-hardware';
import { labNetwork, type LabAddresses } from './lab-network';
import { metal3Time } from './metal3-time';

/**
 * The hardware lab: a fixed, made-up set of servers in four racks, described as the BareMetalHosts,
 * Secrets and BMO-style statuses a real site would have. Pure and deterministic: the same options
 * give the same objects, so seeding twice is a no-op.
 */

export const LAB_NAMESPACE = 'lab';
/** Secret SIP's jump host reads its private keys from (spec.services.jumpHost[].nodeSSHPrivateKeys). */
export const LAB_SSH_KEYS_SECRET = 'ssh-private-keys';
/** Marks every object the lab creates, so it can be found and removed as one set. */
export const LAB_PART_OF_LABEL = 'app.kubernetes.io/part-of';
export const LAB_PART_OF = 'rackpilot-lab';
/** Point in time the lab's history is written relative to when no epoch is given. */
export const LAB_EPOCH = '2026-01-05T09:00:00Z';
export const LAB_RACK_COUNT = 4;
/** The lowest unit of each rack's first host: the units below hold switches and power, as in a real rack. */
export const LAB_FIRST_SLOT = 10;

/**
 * What the simulated BMO reports for a host:
 * - `available`: registered, inspected, cleaned, ready to provision;
 * - `returned`: available again after having been provisioned and deprovisioned once;
 * - `provisioned`: an image is on the disk (a management cluster's worker);
 * - `inspecting`: inspection still running, so no hardware details yet;
 * - `power-error`: available, but the BMC stopped answering power queries;
 * - `powered-off`: available and switched off on purpose (`spec.online: false`).
 */
export type LabScenario =
  'available' | 'returned' | 'provisioned' | 'inspecting' | 'power-error' | 'powered-off';

export interface LabHost {
  name: string;
  /** 1-based rack number; the rack label value is `rack-<rack>`. */
  rack: number;
  /** Lowest rack unit it occupies and its height in units (the rack view's slot and height labels). */
  slot: number;
  units: number;
  flavor: LabFlavor;
  scenario: LabScenario;
  addresses: LabAddresses;
  /** spec and metadata only; status goes through the status subresource. */
  bareMetalHost: BareMetalHost;
  /**
   * What the simulated BMO reports. goodCredentials/triedCredentials carry no credentialsVersion:
   * that is the credentials Secret's resourceVersion, known only once the Secret is stored.
   */
  status: BareMetalHostStatus;
  bmcSecret: V1Secret;
  networkDataSecret: V1Secret;
}

export interface LabOptions {
  namespace?: string;
  /** Timestamps in status (operation history, lastUpdated) lie before this instant. */
  epoch?: Date | string;
}

const LAYOUT: readonly { flavor: LabFlavor; short: string; count: number; units: number }[] = [
  { flavor: 'control-plane', short: 'cp', count: 2, units: 1 },
  { flavor: 'worker', short: 'wk', count: 3, units: 1 },
  { flavor: 'storage', short: 'st', count: 1, units: 2 },
];

/** Hosts whose simulated state is not plain `available`; all eight control-plane hosts stay free. */
const SCENARIOS: Readonly<Record<string, LabScenario>> = {
  'r1-wk-02': 'returned',
  'r1-wk-03': 'provisioned',
  'r2-wk-03': 'provisioned',
  'r2-st-01': 'powered-off',
  'r3-wk-03': 'inspecting',
  'r4-wk-03': 'power-error',
};

const PROVISIONED_IMAGE: BareMetalHostImage = {
  url: 'http://10.30.0.10/images/ubuntu-22.04-server-cloudimg-amd64.img',
  checksum: 'http://10.30.0.10/images/ubuntu-22.04-server-cloudimg-amd64.img.sha256sum',
  checksumType: 'sha256',
  format: 'qcow2',
};

function timestamp(epochMs: number, offsetSeconds: number): string {
  return metal3Time(epochMs + offsetSeconds * 1000);
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

function labHost(
  namespace: string,
  epochMs: number,
  rack: number,
  index: number,
  place: { slot: number; units: number },
  flavor: LabFlavor,
  name: string,
): LabHost {
  const vendor = VENDORS[(rack - 1) % VENDORS.length];
  if (!vendor) throw new Error(`no vendor profile for rack ${rack}`);
  const ordinal = (rack - 1) * 6 + (index - 1);
  const hostNumber = 10 + index;
  const addresses: LabAddresses = {
    bmc: `10.10.${rack}.${hostNumber}`,
    oam: `10.20.${rack}.${hostNumber}`,
    pxe: `10.30.${rack}.${hostNumber}`,
  };
  const scenario = SCENARIOS[name] ?? 'available';
  const seed = digest('host', name);
  const { pxeMac, nics, networkData } = labNetwork(vendor, name, rack, index, addresses);

  const labels = { [LAB_PART_OF_LABEL]: LAB_PART_OF };
  const bmcSecretName = `${name}-bmc-secret`;
  const networkDataName = `${name}-network-data`;
  const bmcSecret: V1Secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: bmcSecretName, namespace, labels },
    type: 'Opaque',
    data: {
      username: base64(vendor.bmcUsername),
      // Derived from the host name: stable across seeds, different per host, never a dictionary word.
      password: base64(digest('bmc-password', name).toString('base64url').slice(0, 20)),
    },
  };
  const networkDataSecret: V1Secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: networkDataName, namespace, labels },
    type: 'Opaque',
    data: { networkData: base64(JSON.stringify(networkData, null, 2)) },
  };

  const provisioned = scenario === 'provisioned';
  const rootDeviceHints = ROOT_DEVICE_HINTS[flavor];
  const bareMetalHost: BareMetalHost = {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: {
      name,
      namespace,
      labels: {
        ...labels,
        [RACK_LABEL]: `rack-${rack}`,
        [FLAVOR_LABEL]: flavor,
        [DEFAULT_RACK_SETTINGS.slotKey]: String(place.slot),
        [DEFAULT_RACK_SETTINGS.heightKey]: String(place.units),
        'kubernetes.io/hostname': name,
      },
    },
    spec: {
      online: scenario !== 'powered-off',
      bootMACAddress: pxeMac,
      bootMode: 'UEFI',
      bmc: {
        address: vendor.bmcAddress(addresses.bmc),
        credentialsName: bmcSecretName,
        ...(vendor.disableCertificateVerification ? { disableCertificateVerification: true } : {}),
      },
      networkData: { name: networkDataName, namespace },
      rootDeviceHints,
      description: `${vendor.manufacturer} ${vendor.products[flavor]} in rack-${rack}, U${place.slot}`,
      ...(provisioned
        ? {
            image: PROVISIONED_IMAGE,
            consumerRef: {
              apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1',
              kind: 'Metal3Machine',
              name: `mgmt-workers-${name}`,
              namespace,
            },
          }
        : {}),
    },
  };

  // History, written backwards from the epoch: registration and inspection six hours earlier,
  // staggered by host so the lab looks racked one machine after another.
  const at = (seconds: number) => timestamp(epochMs, seconds);
  const registerStart = -6 * 3600 + ordinal * 90;
  const inspectStart = registerStart + 9;
  const inspectEnd = inspectStart + 240 + (ordinal % 5) * 17;
  const history: BareMetalHostOperationHistory = {
    register: { start: at(registerStart), end: at(registerStart + 6) },
    inspect: { start: at(inspectStart), end: at(inspectEnd) },
    provision: {},
    deprovision: {},
  };
  let lastUpdated = inspectEnd + 600; // cleaning after inspection
  if (scenario === 'returned') {
    history.provision = { start: at(-4 * 3600 + ordinal * 60), end: at(-4 * 3600 + ordinal * 60 + 660) };
    history.deprovision = { start: at(-2 * 3600 + ordinal * 60), end: at(-2 * 3600 + ordinal * 60 + 540) };
    lastUpdated = -2 * 3600 + ordinal * 60 + 540;
  }
  if (provisioned) {
    history.provision = { start: at(-90 * 60 + ordinal * 60), end: at(-90 * 60 + ordinal * 60 + 720) };
    lastUpdated = -90 * 60 + ordinal * 60 + 720;
  }
  if (scenario === 'inspecting') {
    history.register = { start: at(-10 * 60), end: at(-10 * 60 + 6) };
    history.inspect = { start: at(-8 * 60) };
    lastUpdated = -8 * 60;
  }
  if (scenario === 'power-error') lastUpdated = -5 * 60;
  if (scenario === 'powered-off') lastUpdated = -45 * 60;

  const credentials = { credentials: { name: bmcSecretName, namespace } };
  const uuid = digest('ironic-node', name).toString('hex');
  const status: BareMetalHostStatus = {
    operationalStatus: scenario === 'power-error' ? 'error' : 'OK',
    ...(scenario === 'power-error'
      ? {
          errorType: 'power management error' as const,
          errorMessage: `BMC ${addresses.bmc}:623 did not answer the power status query: IPMI session could not be established`,
          errorCount: 3,
        }
      : // Owned (empty) on healthy hosts too, so a re-seed clears an error the simulator set.
        { errorType: '' as const, errorMessage: '', errorCount: 0 }),
    poweredOn: scenario !== 'powered-off',
    lastUpdated: at(lastUpdated),
    goodCredentials: credentials,
    triedCredentials: credentials,
    provisioning: {
      state: provisioned ? 'provisioned' : scenario === 'inspecting' ? 'inspecting' : 'available',
      ID: `${uuid.slice(0, 8)}-${uuid.slice(8, 12)}-4${uuid.slice(13, 16)}-a${uuid.slice(17, 20)}-${uuid.slice(20, 32)}`,
      bootMode: 'UEFI',
      ...(provisioned ? { image: PROVISIONED_IMAGE, rootDeviceHints } : {}),
    },
    operationHistory: history,
    ...(scenario === 'inspecting'
      ? {}
      : {
          hardware: {
            systemVendor: {
              manufacturer: vendor.manufacturer,
              productName: vendor.products[flavor],
              serialNumber: vendor.systemSerial(seed),
            },
            firmware: { bios: vendor.bios },
            ramMebibytes: RAM_MEBIBYTES[flavor],
            hostname: name,
            nics,
            storage: disks(flavor, name),
            cpu: { arch: 'x86_64', ...vendor.cpu },
          },
        }),
  };

  return {
    name,
    rack,
    ...place,
    flavor,
    scenario,
    addresses,
    bareMetalHost,
    status,
    bmcSecret,
    networkDataSecret,
  };
}

/**
 * Every host of the lab, rack by rack: per rack two control-plane hosts, three workers, one storage host,
 * stacked upwards from LAB_FIRST_SLOT (the storage host is 2U, the others 1U).
 */
export function labHosts(options: LabOptions = {}): LabHost[] {
  const namespace = options.namespace ?? LAB_NAMESPACE;
  const epochMs = new Date(options.epoch ?? LAB_EPOCH).getTime();
  if (Number.isNaN(epochMs)) throw new Error(`lab epoch is not a date: ${String(options.epoch)}`);
  const hosts: LabHost[] = [];
  for (let rack = 1; rack <= LAB_RACK_COUNT; rack++) {
    let index = 0;
    let slot = LAB_FIRST_SLOT;
    for (const { flavor, short, count, units } of LAYOUT) {
      for (let i = 1; i <= count; i++) {
        index += 1;
        const name = `r${rack}-${short}-${String(i).padStart(2, '0')}`;
        hosts.push(labHost(namespace, epochMs, rack, index, { slot, units }, flavor, name));
        slot += units;
      }
    }
  }
  return hosts;
}
