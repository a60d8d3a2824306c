/**
 * The simulator's BIOS: which settings a lab server's firmware offers (its FirmwareSchema, one per vendor
 * and model, as baremetal-operator creates it from Ironic's BIOS registry) and the values a freshly
 * racked one reports. Made up but shaped like real Redfish BIOS registries: enumerations, integers with
 * bounds, strings with lengths, booleans, some read-only, one unique per host. Pure and deterministic.
 */
import { createHash } from 'node:crypto';
import type { FirmwareSchemaSpec } from '../../server/types/crds/firmware-schema';
import type { BareMetalHost } from '../../server/types/crds/bare-metal-host';

type Entry = FirmwareSchemaSpec['schema'][string];

interface CatalogueSetting {
  entry: Entry;
  /** The value a new server reports; a function for the values read from the hardware. */
  initial: string | ((facts: HardwareFacts) => string);
}

interface HardwareFacts {
  vendor: string;
  model: string;
  serial: string;
  biosVersion: string;
}

const onOff = (initial: 'Enabled' | 'Disabled'): CatalogueSetting => ({
  entry: { attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'], read_only: false },
  initial,
});
const choice = (values: string[], initial: string): CatalogueSetting => ({
  entry: { attribute_type: 'Enumeration', allowable_values: values, read_only: false },
  initial,
});
const integer = (lower: number, upper: number, initial: number): CatalogueSetting => ({
  entry: { attribute_type: 'Integer', lower_bound: lower, upper_bound: upper, read_only: false },
  initial: String(initial),
});
const flag = (initial: boolean): CatalogueSetting => ({
  entry: { attribute_type: 'Boolean', read_only: false },
  initial: String(initial),
});
const readOnlyText = (max: number, initial: (facts: HardwareFacts) => string, unique = false) => ({
  entry: {
    attribute_type: 'String' as const,
    min_length: 0,
    max_length: max,
    read_only: true,
    ...(unique ? { unique } : {}),
  },
  initial,
});

/** What every lab server offers. */
const COMMON: Readonly<Record<string, CatalogueSetting>> = {
  BootMode: choice(['Uefi', 'Bios'], 'Uefi'),
  SecureBoot: onOff('Disabled'),
  LogicalProc: onOff('Enabled'),
  ProcVirtualization: onOff('Enabled'),
  SriovGlobalEnable: onOff('Disabled'),
  ProcTurboMode: onOff('Enabled'),
  ProcCStates: onOff('Enabled'),
  ProcX2Apic: onOff('Enabled'),
  SysProfile: choice(
    ['PerfPerWattOptimizedDapc', 'PerfOptimized', 'DenseCfgOptimized', 'Custom'],
    'PerfPerWattOptimizedDapc',
  ),
  NodeInterleave: onOff('Disabled'),
  SubNumaCluster: choice(['Disabled', '2-Way'], 'Disabled'),
  MemTest: onOff('Disabled'),
  PxeDev1EnDis: onOff('Enabled'),
  PxeDev1Protocol: choice(['IPv4', 'IPv6'], 'IPv4'),
  PxeDev1VlanId: integer(0, 4094, 0),
  HttpDev1EnDis: onOff('Disabled'),
  NetworkBootRetryCount: integer(0, 20, 3),
  AcPwrRcvry: choice(['Last', 'On', 'Off'], 'Last'),
  AcPwrRcvryUserDelay: integer(60, 600, 60),
  SerialComm: choice(['OnConRedir', 'OnNoConRedir', 'Off'], 'OnConRedir'),
  SerialPortAddress: choice(['Com1', 'Com2'], 'Com2'),
  TpmSecurity: choice(['On', 'Off'], 'On'),
  IntelTxt: onOff('Disabled'),
  UsbPorts: choice(['AllOn', 'OnlyBackPortsOn', 'AllOff'], 'AllOn'),
  IpmiOverLan: flag(false),
  AesNi: flag(true),
  AssetTag: {
    entry: { attribute_type: 'String', min_length: 0, max_length: 63, read_only: false },
    initial: '',
  },
  SystemManufacturer: readOnlyText(64, (facts) => facts.vendor),
  SystemModelName: readOnlyText(64, (facts) => facts.model),
  SystemBiosVersion: readOnlyText(64, (facts) => facts.biosVersion),
  SystemServiceTag: readOnlyText(32, (facts) => facts.serial, true),
  ProcCoreCount: {
    entry: { attribute_type: 'Integer', lower_bound: 1, upper_bound: 128, read_only: true },
    initial: '32',
  },
};

/** What only the storage models add: the disk controller's modes. */
const STORAGE: Readonly<Record<string, CatalogueSetting>> = {
  EmbSata: choice(['AhciMode', 'RaidMode', 'Off'], 'AhciMode'),
  WriteCache: onOff('Enabled'),
  NvmeMode: choice(['NonRaid', 'Raid'], 'NonRaid'),
};

const STORAGE_MODEL = /R740xd2|Apollo|SSG-|M50CYP2UR312/;

function catalogue(model: string): Readonly<Record<string, CatalogueSetting>> {
  return STORAGE_MODEL.test(model) ? { ...COMMON, ...STORAGE } : COMMON;
}

function facts(host: BareMetalHost): HardwareFacts {
  const hardware = host.status?.hardware;
  return {
    vendor: hardware?.systemVendor?.manufacturer ?? '',
    model: hardware?.systemVendor?.productName ?? '',
    serial: hardware?.systemVendor?.serialNumber ?? '',
    biosVersion: hardware?.firmware?.bios?.version ?? '',
  };
}

/**
 * Whether the host's BMC reports BIOS settings: Ironic reads them over Redfish (and iDRAC); over IPMI
 * it has no BIOS interface, so such a host gets its settings but no schema.
 */
export function hasBiosRegistry(host: BareMetalHost): boolean {
  return !(host.spec.bmc?.address ?? '').startsWith('ipmi://');
}

/** The FirmwareSchema's name for the host's vendor and model ("schema-" and a short hash, as BMO names them). */
export function labSchemaName(host: BareMetalHost): string {
  const { vendor, model } = facts(host);
  return `schema-${createHash('sha256').update(`${vendor}/${model}`).digest('hex').slice(0, 8)}`;
}

/** The FirmwareSchema spec of the host's vendor and model. */
export function labFirmwareSchema(host: BareMetalHost): FirmwareSchemaSpec {
  const { vendor, model } = facts(host);
  const schema = Object.fromEntries(
    Object.entries(catalogue(model)).map(([name, setting]) => [name, setting.entry]),
  );
  return { hardwareVendor: vendor, hardwareModel: model, schema };
}

/** The values a new host's firmware reports. */
export function labInitialSettings(host: BareMetalHost): Record<string, string> {
  const known = facts(host);
  return Object.fromEntries(
    Object.entries(catalogue(known.model)).map(([name, setting]) => [
      name,
      typeof setting.initial === 'string' ? setting.initial : setting.initial(known),
    ]),
  );
}

/** The BMC firmware a lab server of each vendor ships with; any other vendor gets the last one. */
const BMC_VERSIONS: readonly [RegExp, string][] = [
  [/Dell/, '7.00.00.171'],
  [/HPE|Hewlett/, '2.90'],
  [/Supermicro|American Megatrends/, '01.01.10'],
  [/.*/, '2.88.7'],
];
const NIC_VERSION = '22.31.6';
/** A host registered after the seed has no BIOS version from inspection (host-step-actions.ts). */
const BIOS_VERSION = '1.0.0';

/**
 * The firmware components a new lab server reports (HostFirmwareComponents status.components): its BIOS
 * (the version inspection found, else 1.0.0), its BMC and each NIC (`nic:` and the NIC's name), each at its initial
 * version. Only a BMC with a firmware interface reports them (hasBiosRegistry: Redfish, not IPMI).
 */
export function labFirmwareComponents(host: BareMetalHost): { component: string; version: string }[] {
  const { vendor, biosVersion } = facts(host);
  const bmc = BMC_VERSIONS.find(([pattern]) => pattern.test(vendor))?.[1] ?? '';
  const nics = (host.status?.hardware?.nics ?? []).flatMap((nic) =>
    nic.name ? [{ component: `nic:${nic.name}`, version: NIC_VERSION }] : [],
  );
  return [
    { component: 'bios', version: biosVersion || BIOS_VERSION },
    { component: 'bmc', version: bmc },
    ...nics,
  ];
}
