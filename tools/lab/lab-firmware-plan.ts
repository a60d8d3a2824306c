/**
 * What the simulator writes so each inspected lab host has the firmware objects baremetal-operator
 * keeps for it: a HardwareData with the inspection's findings, a FirmwareSchema for its vendor and model
 * (none when its BMC has no BIOS registry) and a HostFirmwareSettings whose status follows its spec.
 * Pure: lab-firmware-sync.ts makes the writes.
 */
import { isDeepStrictEqual } from 'node:util';
import type { BareMetalHost } from '../../server/types/crds/bare-metal-host';
import type { FirmwareSchema } from '../../server/types/crds/firmware-schema';
import type { HardwareData } from '../../server/types/crds/hardware-data';
import type {
  HostFirmwareSettings,
  HostFirmwareSettingsStatus,
} from '../../server/types/crds/host-firmware-settings';
import {
  hasBiosRegistry,
  labFirmwareSchema,
  labInitialSettings,
  labSchemaName,
} from './lab-firmware-catalogue';
import { labSettingsStatus } from './lab-firmware-status';

export interface LabFirmwareObjects {
  hosts: readonly BareMetalHost[];
  settings: readonly HostFirmwareSettings[];
  schemas: readonly FirmwareSchema[];
  hardware: readonly HardwareData[];
}

export type LabFirmwareWrite =
  | { kind: 'create'; object: HardwareData | FirmwareSchema | HostFirmwareSettings }
  /** A HardwareData whose findings changed (a new inspection): replaced at the version read. */
  | { kind: 'replace'; object: HardwareData }
  | { kind: 'status'; name: string; status: HostFirmwareSettingsStatus };

const API_VERSION = 'metal3.io/v1alpha1';
const SETTLED = new Set(['available', 'preparing', 'provisioning', 'provisioned', 'deprovisioning', 'ready']);

function ownedBy(host: BareMetalHost) {
  return [
    {
      apiVersion: API_VERSION,
      kind: 'BareMetalHost',
      name: host.metadata.name ?? '',
      uid: host.metadata.uid ?? '',
    },
  ];
}

function hardwareWrite(host: BareMetalHost, existing: HardwareData | undefined): LabFirmwareWrite[] {
  const hardware = host.status?.hardware;
  if (!hardware) return [];
  if (!existing) {
    return [
      {
        kind: 'create',
        object: {
          apiVersion: API_VERSION,
          kind: 'HardwareData',
          metadata: { name: host.metadata.name, ownerReferences: ownedBy(host) },
          spec: { hardware },
        },
      },
    ];
  }
  if (isDeepStrictEqual(existing.spec?.hardware, hardware)) return [];
  return [{ kind: 'replace', object: { ...existing, spec: { hardware } } }];
}

function settingsWrite(
  host: BareMetalHost,
  hfs: HostFirmwareSettings | undefined,
  schema: FirmwareSchema | undefined,
  now: string,
): LabFirmwareWrite[] {
  if (!hfs) {
    return [
      {
        kind: 'create',
        object: {
          apiVersion: API_VERSION,
          kind: 'HostFirmwareSettings',
          metadata: { name: host.metadata.name, ownerReferences: ownedBy(host) },
          spec: { settings: {} },
        },
      },
    ];
  }
  const current = hfs.status?.settings ?? labInitialSettings(host);
  const status = labSettingsStatus(hfs, current, schema, now);
  const { lastUpdated: _, ...before } = hfs.status ?? { settings: {} };
  if (isDeepStrictEqual(before, status)) return [];
  return [{ kind: 'status', name: hfs.metadata.name ?? '', status: { ...status, lastUpdated: now } }];
}

export function planLabFirmware(objects: LabFirmwareObjects, now: string): LabFirmwareWrite[] {
  const byName = <T extends { metadata: { name?: string } }>(items: readonly T[]) =>
    new Map(items.map((item) => [item.metadata.name ?? '', item]));
  const settings = byName(objects.settings);
  const schemas = byName(objects.schemas);
  const hardware = byName(objects.hardware);
  const schemasCreated = new Set<string>();
  return objects.hosts.flatMap((host) => {
    const name = host.metadata.name ?? '';
    if (host.metadata.deletionTimestamp || !host.status?.hardware) return [];
    if (!SETTLED.has(host.status.provisioning?.state ?? '')) return [];
    const writes = hardwareWrite(host, hardware.get(name));
    let schema: FirmwareSchema | undefined;
    if (hasBiosRegistry(host)) {
      const schemaName = labSchemaName(host);
      schema = schemas.get(schemaName);
      if (!schema) {
        // Hosts of one model share their schema: created once, their settings written once it is stored.
        if (!schemasCreated.has(schemaName)) {
          schemasCreated.add(schemaName);
          writes.push({
            kind: 'create',
            object: {
              apiVersion: API_VERSION,
              kind: 'FirmwareSchema',
              metadata: { name: schemaName },
              spec: labFirmwareSchema(host),
            },
          });
        }
        return writes;
      }
    }
    return [...writes, ...settingsWrite(host, settings.get(name), schema, now)];
  });
}
