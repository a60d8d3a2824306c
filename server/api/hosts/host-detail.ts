import { stringify } from 'yaml';
import type { BareMetalHost, BareMetalHostSecretReference } from '../../types/crds/bare-metal-host';
import { buildHostRow, type HostRow, type VendorLookup } from './host-row';

export interface KeyValue {
  key: string;
  value: string;
}

export interface ConditionView {
  type: string;
  status: string;
  reason: string;
  message: string;
  lastTransitionTime?: string;
}

export interface OperationView {
  operation: 'register' | 'inspect' | 'provision' | 'deprovision';
  start?: string;
  end?: string;
}

export interface NicView {
  name?: string;
  mac?: string;
  vendor?: string;
  ip?: string;
  speedGbps?: number;
  vlanId?: number;
  pxe: boolean;
  model?: string;
  pciAddress?: string;
  switchPort?: string;
}

export interface DiskView {
  name?: string;
  type?: string;
  sizeBytes?: number;
  rotational?: boolean;
  vendor?: string;
  model?: string;
  serialNumber?: string;
  hctl?: string;
  wwn?: string;
}

export interface HardwareView {
  manufacturer?: string;
  productName?: string;
  serialNumber?: string;
  bios?: string;
  hostname?: string;
  ramMebibytes?: number;
  cpu?: { arch?: string; model?: string; clockMegahertz?: number; count?: number };
  nics: NicView[];
  disks: DiskView[];
}

/** Everything the host detail page shows except YAML and events, which are fetched on demand. */
export interface HostDetailView {
  row: HostRow;
  uid: string;
  generation?: number;
  labels: KeyValue[];
  annotations: KeyValue[];
  spec: {
    online: boolean;
    bmcAddress?: string;
    /** Name of the credentials Secret: a reference only, never its data. */
    bmcCredentialsName?: string;
    disableCertificateVerification: boolean;
    bootMode?: string;
    externallyProvisioned: boolean;
    automatedCleaningMode?: string;
    image?: string;
    customDeploy?: string;
    consumer?: string;
    networkData?: string;
    userData?: string;
    metaData?: string;
    architecture?: string;
    description?: string;
  };
  provisioningId?: string;
  lastUpdated?: string;
  hardware?: HardwareView;
  conditions: ConditionView[];
  operations: OperationView[];
}

const ANNOTATION_LIMIT = 300;

function refText(ref: BareMetalHostSecretReference | undefined, namespace: string): string | undefined {
  if (!ref?.name) return undefined;
  return ref.namespace && ref.namespace !== namespace ? `${ref.namespace}/${ref.name}` : ref.name;
}

function time(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const date = new Date(value as string);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function sortedPairs(record: Record<string, string> | undefined, limit?: number): KeyValue[] {
  return Object.entries(record ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({
      key,
      value: limit && value.length > limit ? `${value.slice(0, limit)}… (${value.length} characters)` : value,
    }));
}

export function buildHostDetail(
  host: BareMetalHost,
  vendorOf: VendorLookup,
  rackKeys: readonly string[],
): HostDetailView {
  const { metadata, spec, status } = host;
  const namespace = metadata.namespace ?? '';
  const hardware = status?.hardware;
  const consumer = spec.consumerRef;
  const history = status?.operationHistory;
  return {
    row: buildHostRow(host, vendorOf, rackKeys).row,
    uid: metadata.uid ?? '',
    generation: metadata.generation,
    labels: sortedPairs(metadata.labels),
    annotations: sortedPairs(metadata.annotations, ANNOTATION_LIMIT),
    spec: {
      online: spec.online,
      bmcAddress: spec.bmc?.address,
      bmcCredentialsName: spec.bmc?.credentialsName,
      disableCertificateVerification: spec.bmc?.disableCertificateVerification ?? false,
      bootMode: spec.bootMode,
      externallyProvisioned: spec.externallyProvisioned ?? false,
      automatedCleaningMode: spec.automatedCleaningMode,
      image: spec.image?.url,
      customDeploy: spec.customDeploy?.method,
      consumer: consumer?.name
        ? `${consumer.kind ?? 'object'} ${consumer.namespace ? `${consumer.namespace}/` : ''}${consumer.name}`
        : undefined,
      networkData: refText(spec.networkData, namespace),
      userData: refText(spec.userData, namespace),
      metaData: refText(spec.metaData, namespace),
      architecture: spec.architecture,
      description: spec.description,
    },
    provisioningId: status?.provisioning?.ID,
    lastUpdated: time(status?.lastUpdated),
    hardware: hardware
      ? {
          manufacturer: hardware.systemVendor?.manufacturer,
          productName: hardware.systemVendor?.productName,
          serialNumber: hardware.systemVendor?.serialNumber,
          bios: hardware.firmware?.bios
            ? [hardware.firmware.bios.vendor, hardware.firmware.bios.version, hardware.firmware.bios.date]
                .filter(Boolean)
                .join(' ')
            : undefined,
          hostname: hardware.hostname,
          ramMebibytes: hardware.ramMebibytes,
          cpu: hardware.cpu
            ? {
                arch: hardware.cpu.arch,
                model: hardware.cpu.model,
                clockMegahertz: hardware.cpu.clockMegahertz,
                count: hardware.cpu.count,
              }
            : undefined,
          nics: (hardware.nics ?? []).map((nic) => ({
            name: nic.name,
            mac: nic.mac?.toLowerCase(),
            vendor: nic.mac ? vendorOf(nic.mac) : undefined,
            ip: nic.ip,
            speedGbps: nic.speedGbps,
            vlanId: nic.vlanId,
            pxe: nic.pxe ?? false,
            model: nic.model,
            pciAddress: nic.pciAddress,
            switchPort: nic.lldp
              ? [nic.lldp.switchSystemName ?? nic.lldp.switchID, nic.lldp.portID].filter(Boolean).join(' ')
              : undefined,
          })),
          disks: (hardware.storage ?? []).map((disk) => ({
            name: disk.name,
            type: disk.type,
            sizeBytes: disk.sizeBytes,
            rotational: disk.rotational,
            vendor: disk.vendor,
            model: disk.model,
            serialNumber: disk.serialNumber,
            hctl: disk.hctl,
            wwn: disk.wwn,
          })),
        }
      : undefined,
    conditions: (status?.conditions ?? []).map((condition) => ({
      type: condition.type,
      status: condition.status,
      reason: condition.reason,
      message: condition.message,
      lastTransitionTime: time(condition.lastTransitionTime),
    })),
    operations: (['register', 'inspect', 'provision', 'deprovision'] as const).flatMap((operation) => {
      const metric = history?.[operation];
      const start = time(metric?.start);
      const end = time(metric?.end);
      return start || end ? [{ operation, start, end }] : [];
    }),
  };
}

/**
 * Read-only YAML of any object: managedFields dropped. The hosts' kinds hold Secret references
 * only, so nothing secret can leak through here; never pass a Secret to this function.
 */
export function objectYaml(object: { kind?: string; metadata?: { managedFields?: unknown } }): string {
  if (object.kind === 'Secret') throw new Error('refusing to render a Secret');
  const copy = structuredClone(object);
  if (copy.metadata) delete copy.metadata.managedFields;
  return stringify(copy, { lineWidth: 0 });
}
