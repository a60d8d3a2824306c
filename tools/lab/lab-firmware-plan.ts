/**
 * What the simulator writes so each inspected lab host has the firmware objects baremetal-operator
 * keeps for it: a HardwareData with the inspection's findings, a FirmwareSchema for its vendor and model
 * (none when its BMC has no BIOS registry), a HostFirmwareSettings whose status follows its spec, and
 * a HostFirmwareComponents with its firmware versions when its BMC has a firmware interface (Redfish).
 * Pure: lab-firmware-sync.ts makes the writes.
 */
import { isDeepStrictEqual } from 'node:util';
import type { BareMetalHost } from '../../server/types/crds/bare-metal-host';
import type { FirmwareSchema } from '../../server/types/crds/firmware-schema';
import type { HardwareData } from '../../server/types/crds/hardware-data';
import type {
  HostFirmwareComponents,
  HostFirmwareComponentsStatus,
} from '../../server/types/crds/host-firmware-components';
import type {
  HostFirmwareSettings,
  HostFirmwareSettingsStatus,
} from '../../server/types/crds/host-firmware-settings';
import {
  hasBiosRegistry,
  labFirmwareComponents,
  labFirmwareSchema,
  labInitialSettings,
  labSchemaName,
} from './lab-firmware-catalogue';
import { initialComponents, labComponentsStatus } from './lab-components-status';
import { labSettingsStatus } from './lab-firmware-status';

export interface LabFirmwareObjects {
  hosts: readonly BareMetalHost[];
  settings: readonly HostFirmwareSettings[];
  schemas: readonly FirmwareSchema[];
  hardware: readonly HardwareData[];
  components: readonly HostFirmwareComponents[];
}

export type LabFirmwareWrite =
  | {
      kind: 'create';
      object: HardwareData | FirmwareSchema | HostFirmwareSettings | HostFirmwareComponents;
    }
  /** A HardwareData whose findings changed (a new inspection): replaced at the version read. */
  | { kind: 'replace'; object: HardwareData }
  | { kind: 'status'; name: string; status: HostFirmwareSettingsStatus }
  | { kind: 'components-status'; name: string; status: HostFirmwareComponentsStatus };

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

function componentsWrite(
  host: BareMetalHost,
  hfc: HostFirmwareComponents | undefined,
  now: string,
): LabFirmwareWrite[] {
  if (!hfc) {
    return [
      {
        kind: 'create',
        object: {
          apiVersion: API_VERSION,
          kind: 'HostFirmwareComponents',
          metadata: { name: host.metadata.name, ownerReferences: ownedBy(host) },
          spec: { updates: [] },
        },
      },
    ];
  }
  const components = hfc.status?.components ?? initialComponents(labFirmwareComponents(host));
  const status = labComponentsStatus(hfc, components, now);
  const { lastUpdated: _, ...before } = hfc.status ?? {};
  if (isDeepStrictEqual(before, status)) return [];
  return [
    { kind: 'components-status', name: hfc.metadata.name ?? '', status: { ...status, lastUpdated: now } },
  ];
}

export function planLabFirmware(objects: LabFirmwareObjects, now: string): LabFirmwareWrite[] {
  const byName = <T extends { metadata: { name?: string } }>(items: readonly T[]) =>
    new Map(items.map((item) => [item.metadata.name ?? '', item]));
  const settings = byName(objects.settings);
  const schemas = byName(objects.schemas);
  const hardware = byName(objects.hardware);
  const components = byName(objects.components);
  const schemasCreated = new Set<string>();
  return objects.hosts.flatMap((host) => {
    const name = host.metadata.name ?? '';
    if (host.metadata.deletionTimestamp || !host.status?.hardware) return [];
    if (!SETTLED.has(host.status.provisioning?.state ?? '')) return [];
    const writes = hardwareWrite(host, hardware.get(name));
    let schema: FirmwareSchema | undefined;
    if (hasBiosRegistry(host)) {
      // Only a BMC with a firmware interface reports components: BMO makes no HostFirmwareComponents otherwise.
      writes.push(...componentsWrite(host, components.get(name), now));
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
