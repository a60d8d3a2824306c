import { createHash } from 'node:crypto';
import type { V1Secret } from '@kubernetes/client-node';
import { FLAVOR_LABEL, RACK_LABEL } from '../../server/schemas/host-labels';
import type {
  BareMetalHost,
  BareMetalHostImage,
  BareMetalHostNIC,
  BareMetalHostOperationHistory,
  BareMetalHostRootDeviceHints,
  BareMetalHostStatus,
  BareMetalHostStorageDevice,
} from '../../server/types/crds/bare-metal-host';

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

export type LabFlavor = 'control-plane' | 'worker' | 'storage';

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

export interface LabAddresses {
  bmc: string;
  oam: string;
  pxe: string;
}

export interface LabHost {
  name: string;
  /** 1-based rack number; the rack label value is `rack-<rack>`. */
  rack: number;
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

/** The OpenStack network_data.json shape the lab writes (the subset SIP and the console read). */
export interface LabNetworkData {
  links: {
    id: string;
    type: 'phy' | 'bond' | 'vlan';
    ethernet_mac_address?: string;
    mtu?: number;
    bond_links?: string[];
    bond_mode?: string;
    bond_xmit_hash_policy?: string;
    bond_miimon?: number;
    vlan_link?: string;
    vlan_id?: number;
    vlan_mac_address?: string;
  }[];
  networks: {
    id: string;
    type: 'ipv4';
    link: string;
    ip_address: string;
    netmask: string;
    network_id: string;
    routes?: { network: string; netmask: string; gateway: string }[];
  }[];
  services: { type: 'dns'; address: string }[];
}

interface NicProfile {
  /** IEEE OUI (6 hex digits) the NIC's MACs start with. */
  oui: string;
  /** PCI vendor and device ID, the way BMO's inspection reports NIC models. */
  model: string;
  speedGbps: number;
}

interface VendorProfile {
  manufacturer: string;
  products: Record<LabFlavor, string>;
  bios: { vendor: string; version: string; date: string };
  cpu: { model: string; clockMegahertz: number; count: number; flags: string[] };
  bmcUsername: string;
  bmcAddress: (ip: string) => string;
  /** Lab BMCs carry self-signed certificates. */
  disableCertificateVerification?: boolean;
  systemSerial: (seed: Buffer) => string;
  /** eno1: the NIC the host PXE-boots from. */
  onboard: NicProfile;
  /** ens2f0/ens2f1: the bonded pair that carries the OAM VLAN. */
  addOn: NicProfile;
}

const CPU_FLAGS = ['aes', 'avx', 'avx2', 'avx512f', 'fma', 'pdpe1gb', 'sse4_2', 'vmx'];

const ALPHANUMERIC = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('/')).digest();
}

function code(seed: Buffer, length: number, from = 0): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHANUMERIC.charAt((seed[from + i] ?? 0) % ALPHANUMERIC.length);
  return text;
}

/** One profile per rack: rack 1 is Dell, 2 HPE, 3 Supermicro, 4 Intel white-box servers. */
const VENDORS: readonly VendorProfile[] = [
  {
    manufacturer: 'Dell Inc.',
    products: { 'control-plane': 'PowerEdge R650', worker: 'PowerEdge R750', storage: 'PowerEdge R740xd2' },
    bios: { vendor: 'Dell Inc.', version: '1.13.2', date: '02/13/2024' },
    cpu: {
      model: 'Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz',
      clockMegahertz: 2000,
      count: 128,
      flags: CPU_FLAGS,
    },
    bmcUsername: 'root',
    bmcAddress: (ip) => `idrac-virtualmedia://${ip}/redfish/v1/Systems/System.Embedded.1`,
    disableCertificateVerification: true,
    systemSerial: (seed) => code(seed, 7),
    onboard: { oui: 'F8BC12', model: '0x14e4 0x16d8', speedGbps: 10 },
    addOn: { oui: '0C42A1', model: '0x15b3 0x101f', speedGbps: 25 },
  },
  {
    manufacturer: 'HPE',
    products: {
      'control-plane': 'ProLiant DL360 Gen10 Plus',
      worker: 'ProLiant DL380 Gen10 Plus',
      storage: 'Apollo 4200 Gen10 Plus',
    },
    bios: { vendor: 'HPE', version: 'U46 v1.90', date: '11/09/2023' },
    cpu: {
      model: 'Intel(R) Xeon(R) Gold 5318Y CPU @ 2.10GHz',
      clockMegahertz: 2100,
      count: 96,
      flags: CPU_FLAGS,
    },
    bmcUsername: 'Administrator',
    bmcAddress: (ip) => `redfish+https://${ip}/redfish/v1/Systems/1`,
    disableCertificateVerification: true,
    systemSerial: (seed) => `CZJ${code(seed, 7)}`,
    onboard: { oui: '9440C9', model: '0x14e4 0x16d7', speedGbps: 10 },
    addOn: { oui: '3CFDFE', model: '0x8086 0x159b', speedGbps: 25 },
  },
  {
    manufacturer: 'Supermicro',
    products: { 'control-plane': 'SYS-120U-TNR', worker: 'SYS-220U-TNR', storage: 'SSG-640P-E1CR24H' },
    bios: { vendor: 'American Megatrends International, LLC.', version: '1.4b', date: '07/14/2023' },
    cpu: {
      model: 'Intel(R) Xeon(R) Silver 4314 CPU @ 2.40GHz',
      clockMegahertz: 2400,
      count: 64,
      flags: CPU_FLAGS,
    },
    bmcUsername: 'ADMIN',
    bmcAddress: (ip) => `redfish+https://${ip}/redfish/v1/Systems/1`,
    disableCertificateVerification: true,
    systemSerial: (seed) => `S${code(seed, 14)}`,
    onboard: { oui: 'AC1F6B', model: '0x8086 0x15ff', speedGbps: 10 },
    addOn: { oui: 'B8599F', model: '0x15b3 0x1017', speedGbps: 25 },
  },
  {
    manufacturer: 'Intel Corporation',
    products: { 'control-plane': 'M50CYP2SB1U', worker: 'M50CYP2UR208', storage: 'M50CYP2UR312' },
    bios: { vendor: 'Intel Corporation', version: 'SE5C6301.86B.0080.D05.2205081330', date: '05/08/2022' },
    cpu: {
      model: 'Intel(R) Xeon(R) Platinum 8358 CPU @ 2.60GHz',
      clockMegahertz: 2600,
      count: 128,
      flags: CPU_FLAGS,
    },
    bmcUsername: 'admin',
    bmcAddress: (ip) => `ipmi://${ip}:623`,
    systemSerial: (seed) => `BQWL${code(seed, 8)}`,
    onboard: { oui: '3CFDFE', model: '0x8086 0x1593', speedGbps: 25 },
    addOn: { oui: 'BC97E1', model: '0x14e4 0x1750', speedGbps: 100 },
  },
];

/** Arista top-of-rack switches, as LLDP reports them. */
const SWITCH_OUI = '444CA8';

const LAYOUT: readonly { flavor: LabFlavor; short: string; count: number }[] = [
  { flavor: 'control-plane', short: 'cp', count: 2 },
  { flavor: 'worker', short: 'wk', count: 3 },
  { flavor: 'storage', short: 'st', count: 1 },
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

const RAM_MEBIBYTES: Record<LabFlavor, number> = {
  'control-plane': 262_144,
  worker: 524_288,
  storage: 196_608,
};

const ROOT_DEVICE_HINTS: Record<LabFlavor, BareMetalHostRootDeviceHints> = {
  'control-plane': { deviceName: '/dev/sda' },
  worker: { deviceName: '/dev/sda' },
  // Ten data disks behind the two boot SSDs: pick the root disk by kind and size, not by name.
  storage: { rotational: false, minSizeGigabytes: 200 },
};

const PROVISIONED_IMAGE: BareMetalHostImage = {
  url: 'http://10.30.0.10/images/ubuntu-22.04-server-cloudimg-amd64.img',
  checksum: 'http://10.30.0.10/images/ubuntu-22.04-server-cloudimg-amd64.img.sha256sum',
  checksumType: 'sha256',
  format: 'qcow2',
};

const DNS_SERVERS = ['10.20.0.53', '10.20.0.54'];
const OAM_VLAN = 41;

function mac(oui: string, ...key: string[]): string {
  const hex = `${oui}${digest('mac', ...key)
    .subarray(0, 3)
    .toString('hex')}`.toLowerCase();
  return [0, 2, 4, 6, 8, 10].map((i) => hex.slice(i, i + 2)).join(':');
}

function timestamp(epochMs: number, offsetSeconds: number): string {
  return new Date(epochMs + offsetSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

function disks(flavor: LabFlavor, name: string): BareMetalHostStorageDevice[] {
  const seed = (i: number) => digest('disk', name, String(i));
  const sata = (i: number, letter: string, sizeBytes: number, model: string, serial: string) => ({
    name: `/dev/sd${letter}`,
    hctl: `0:0:${i}:0`,
    rotational: false,
    type: 'SSD' as const,
    sizeBytes,
    vendor: 'ATA',
    model,
    serialNumber: serial,
  });
  if (flavor === 'control-plane') {
    return ['a', 'b'].map((letter, i) =>
      sata(i, letter, 480_103_981_056, 'SAMSUNG MZ7L3480HCHQ-00A07', `S6JMNE0T${code(seed(i), 6)}`),
    );
  }
  if (flavor === 'worker') {
    return [
      sata(0, 'a', 480_103_981_056, 'SAMSUNG MZ7L3480HCHQ-00A07', `S6JMNE0T${code(seed(0), 6)}`),
      ...[0, 1].map((i) => ({
        name: `/dev/nvme${i}n1`,
        rotational: false,
        type: 'NVME' as const,
        sizeBytes: 3_840_755_982_336,
        vendor: 'Samsung',
        model: 'SAMSUNG MZQL23T8HCLS-00A07',
        serialNumber: `S64HNE0R${code(seed(i + 1), 6)}`,
      })),
    ];
  }
  const boot = ['a', 'b'].map((letter, i) =>
    sata(i, letter, 240_057_409_536, 'Micron_5300_MTFDDAV240TDS', `2051${code(seed(i), 8)}`),
  );
  const data = 'cdefghijkl'.split('').map((letter, i) => ({
    name: `/dev/sd${letter}`,
    hctl: `1:0:${i}:0`,
    rotational: true,
    type: 'HDD' as const,
    sizeBytes: 8_001_563_222_016,
    vendor: 'SEAGATE',
    model: 'ST8000NM017B',
    serialNumber: `WWZ${code(seed(i + 2), 5)}`,
  }));
  return [...boot, ...data];
}

function labHost(
  namespace: string,
  epochMs: number,
  rack: number,
  index: number,
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

  const pxeMac = mac(vendor.onboard.oui, name, 'eno1');
  const bondMacs = [mac(vendor.addOn.oui, name, 'ens2f0'), mac(vendor.addOn.oui, name, 'ens2f1')] as const;
  const switchName = (side: string) => `tor-r${rack}-${side}`;
  const nics: BareMetalHostNIC[] = [
    {
      name: 'eno1',
      model: vendor.onboard.model,
      mac: pxeMac,
      ip: addresses.pxe,
      speedGbps: vendor.onboard.speedGbps,
      pxe: true,
      pciAddress: '0000:01:00.0',
      lldp: {
        switchID: mac(SWITCH_OUI, switchName('mgmt')),
        portID: `Ethernet${index}`,
        switchSystemName: switchName('mgmt'),
      },
    },
    ...bondMacs.map((nicMac, i) => ({
      name: `ens2f${i}`,
      model: vendor.addOn.model,
      mac: nicMac,
      speedGbps: vendor.addOn.speedGbps,
      pxe: false,
      pciAddress: `0000:4b:00.${i}`,
      vlans: [{ id: OAM_VLAN, name: 'oam' }],
      lldp: {
        switchID: mac(SWITCH_OUI, switchName(i === 0 ? 'a' : 'b')),
        portID: `Ethernet${index}/1`,
        switchSystemName: switchName(i === 0 ? 'a' : 'b'),
      },
    })),
  ];

  const networkData: LabNetworkData = {
    links: [
      { id: 'eno1', type: 'phy', ethernet_mac_address: pxeMac, mtu: 1500 },
      { id: 'ens2f0', type: 'phy', ethernet_mac_address: bondMacs[0], mtu: 9000 },
      { id: 'ens2f1', type: 'phy', ethernet_mac_address: bondMacs[1], mtu: 9000 },
      {
        id: 'bond0',
        type: 'bond',
        bond_links: ['ens2f0', 'ens2f1'],
        bond_mode: '802.3ad',
        bond_xmit_hash_policy: 'layer3+4',
        bond_miimon: 100,
        ethernet_mac_address: bondMacs[0],
        mtu: 9000,
      },
      {
        id: `bond0.${OAM_VLAN}`,
        type: 'vlan',
        vlan_link: 'bond0',
        vlan_id: OAM_VLAN,
        vlan_mac_address: bondMacs[0],
        mtu: 9000,
      },
    ],
    networks: [
      {
        id: 'oam-ipv4',
        type: 'ipv4',
        link: `bond0.${OAM_VLAN}`,
        ip_address: addresses.oam,
        netmask: '255.255.255.0',
        network_id: 'oam',
        routes: [{ network: '0.0.0.0', netmask: '0.0.0.0', gateway: `10.20.${rack}.1` }],
      },
      {
        id: 'pxe-ipv4',
        type: 'ipv4',
        link: 'eno1',
        ip_address: addresses.pxe,
        netmask: '255.255.255.0',
        network_id: 'pxe',
      },
    ],
    services: DNS_SERVERS.map((address) => ({ type: 'dns' as const, address })),
  };

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
      description: `${vendor.manufacturer} ${vendor.products[flavor]} in rack-${rack}, slot ${index}`,
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

  return { name, rack, flavor, scenario, addresses, bareMetalHost, status, bmcSecret, networkDataSecret };
}

/** Every host of the lab, rack by rack: per rack two control-plane hosts, three workers, one storage host. */
export function labHosts(options: LabOptions = {}): LabHost[] {
  const namespace = options.namespace ?? LAB_NAMESPACE;
  const epochMs = new Date(options.epoch ?? LAB_EPOCH).getTime();
  if (Number.isNaN(epochMs)) throw new Error(`lab epoch is not a date: ${String(options.epoch)}`);
  const hosts: LabHost[] = [];
  for (let rack = 1; rack <= LAB_RACK_COUNT; rack++) {
    let index = 0;
    for (const { flavor, short, count } of LAYOUT) {
      for (let i = 1; i <= count; i++) {
        index += 1;
        hosts.push(
          labHost(namespace, epochMs, rack, index, flavor, `r${rack}-${short}-${String(i).padStart(2, '0')}`),
        );
      }
    }
  }
  return hosts;
}
