import { createHash } from 'node:crypto';
import type {
  BareMetalHostRootDeviceHints,
  BareMetalHostStorageDevice,
} from '../../server/types/crds/bare-metal-host';

// The lab's made-up hardware: one vendor per rack with its servers, NICs and disks, and the derived
// serial numbers and MACs, all from hashes of the host name so every run gives the same machines.

export type LabFlavor = 'control-plane' | 'worker' | 'storage';

interface NicProfile {
  /** IEEE OUI (6 hex digits) the NIC's MACs start with. */
  oui: string;
  /** PCI vendor and device ID, the way BMO's inspection reports NIC models. */
  model: string;
  speedGbps: number;
}

export interface VendorProfile {
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

export function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('/')).digest();
}

export function code(seed: Buffer, length: number, from = 0): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHANUMERIC.charAt((seed[from + i] ?? 0) % ALPHANUMERIC.length);
  return text;
}

/** One profile per rack: rack 1 is Dell, 2 HPE, 3 Supermicro, 4 Intel white-box servers. */
export const VENDORS: readonly VendorProfile[] = [
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
export const SWITCH_OUI = '444CA8';

export const RAM_MEBIBYTES: Record<LabFlavor, number> = {
  'control-plane': 262_144,
  worker: 524_288,
  storage: 196_608,
};

export const ROOT_DEVICE_HINTS: Record<LabFlavor, BareMetalHostRootDeviceHints> = {
  'control-plane': { deviceName: '/dev/sda' },
  worker: { deviceName: '/dev/sda' },
  // Ten data disks behind the two boot SSDs: pick the root disk by kind and size, not by name.
  storage: { rotational: false, minSizeGigabytes: 200 },
};

export function mac(oui: string, ...key: string[]): string {
  const hex = `${oui}${digest('mac', ...key)
    .subarray(0, 3)
    .toString('hex')}`.toLowerCase();
  return [0, 2, 4, 6, 8, 10].map((i) => hex.slice(i, i + 2)).join(':');
}

export function disks(flavor: LabFlavor, name: string): BareMetalHostStorageDevice[] {
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
