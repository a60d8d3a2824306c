/**
 * The simulator's firmware I/O for one namespace: lists what lab-firmware-plan.ts reads, makes the
 * writes it plans, and writes the wanted settings to a host's firmware during a cleaning (the
 * simulated operator's prepare step), as baremetal-operator does through Ironic's clean steps.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../server/kube/kube-request';
import type { BareMetalHost } from '../../server/types/crds/bare-metal-host';
import type { FirmwareSchema } from '../../server/types/crds/firmware-schema';
import type { HardwareData } from '../../server/types/crds/hardware-data';
import type { HostFirmwareSettings } from '../../server/types/crds/host-firmware-settings';
import { metal3Time } from './metal3-time';
import type { LabFirmwareObjects, LabFirmwareWrite } from './lab-firmware-plan';
import { labSettingsStatus, settingsAfterCleaning } from './lab-firmware-status';

const FIELD_MANAGER = 'rackpilot-lab-operator';

const PLURALS = {
  HardwareData: 'hardwaredata',
  FirmwareSchema: 'firmwareschemas',
  HostFirmwareSettings: 'hostfirmwaresettings',
} as const;

export function labFirmwareClient(kc: KubeConfig, namespace: string) {
  const path = (kind: keyof typeof PLURALS, name?: string) =>
    `/apis/metal3.io/v1alpha1/namespaces/${namespace}/${PLURALS[kind]}${name === undefined ? '' : `/${name}`}`;
  const list = async <T>(kind: keyof typeof PLURALS) =>
    (await kubeRequestJson<{ items: T[] }>(kc, path(kind))).items;
  const patchStatus = (name: string, status: unknown) =>
    kubeRequestJson(kc, `${path('HostFirmwareSettings', name)}/status`, {
      method: 'PATCH',
      query: { fieldManager: FIELD_MANAGER },
      body: { status },
      contentType: 'application/merge-patch+json',
    });

  return {
    /** The firmware objects beside `hosts` (listed after them: a host seen back from cleaning has its settings). */
    async list(hosts: readonly BareMetalHost[]): Promise<LabFirmwareObjects> {
      const [settings, schemas, hardware] = await Promise.all([
        list<HostFirmwareSettings>('HostFirmwareSettings'),
        list<FirmwareSchema>('FirmwareSchema'),
        list<HardwareData>('HardwareData'),
      ]);
      return { hosts, settings, schemas, hardware };
    },

    async write(writes: readonly LabFirmwareWrite[]): Promise<void> {
      for (const write of writes) {
        switch (write.kind) {
          case 'create':
            await kubeRequestJson(kc, path(write.object.kind), {
              method: 'POST',
              query: { fieldManager: FIELD_MANAGER },
              body: write.object,
            });
            break;
          case 'replace':
            await kubeRequestJson(kc, path('HardwareData', write.object.metadata.name), {
              method: 'PUT',
              query: { fieldManager: FIELD_MANAGER },
              body: write.object,
            });
            break;
          case 'status':
            await patchStatus(write.name, write.status);
            break;
        }
      }
    },

    /** The cleaning's BIOS step: the firmware now holds the wanted values, and the status says so. */
    async applyAtCleaning(name: string): Promise<void> {
      const hfs = await kubeRequestJson<HostFirmwareSettings>(kc, path('HostFirmwareSettings', name));
      const schemaName = hfs.status?.schema?.name;
      const schema =
        schemaName === undefined
          ? undefined
          : await kubeRequestJson<FirmwareSchema>(kc, path('FirmwareSchema', schemaName));
      const now = metal3Time();
      const status = labSettingsStatus(hfs, settingsAfterCleaning(hfs), schema, now);
      await patchStatus(name, { ...status, lastUpdated: now });
    },
  };
}

export type LabFirmwareClient = ReturnType<typeof labFirmwareClient>;
