/**
 * The simulator's firmware I/O for one namespace: lists what lab-firmware-plan.ts reads, makes the
 * writes it plans, and writes the wanted settings and flashes the requested firmware images during a
 * cleaning (the simulated operator's prepare step), as baremetal-operator does through Ironic's clean steps.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { KubeRequestError, kubeRequestJson } from '../../server/kube/kube-request';
import type { BareMetalHost } from '../../server/types/crds/bare-metal-host';
import type { FirmwareSchema } from '../../server/types/crds/firmware-schema';
import type { HardwareData } from '../../server/types/crds/hardware-data';
import type { HostFirmwareComponents } from '../../server/types/crds/host-firmware-components';
import type { HostFirmwareSettings } from '../../server/types/crds/host-firmware-settings';
import { componentsAwaitCleaning } from '../../server/schemas/firmware-component-rules';
import { settingsAwaitCleaning } from '../../server/schemas/firmware-settings-state';
import { componentsAfterFlash } from './lab-components-status';
import { metal3Time } from './metal3-time';
import type { LabFirmwareObjects, LabFirmwareWrite } from './lab-firmware-plan';
import { labSettingsStatus, settingsAfterCleaning } from './lab-firmware-status';

const FIELD_MANAGER = 'rackpilot-lab-operator';

const PLURALS = {
  HardwareData: 'hardwaredata',
  FirmwareSchema: 'firmwareschemas',
  HostFirmwareSettings: 'hostfirmwaresettings',
  HostFirmwareComponents: 'hostfirmwarecomponents',
} as const;

export function labFirmwareClient(kc: KubeConfig, namespace: string) {
  const path = (kind: keyof typeof PLURALS, name?: string) =>
    `/apis/metal3.io/v1alpha1/namespaces/${namespace}/${PLURALS[kind]}${name === undefined ? '' : `/${name}`}`;
  const list = async <T>(kind: keyof typeof PLURALS) =>
    (await kubeRequestJson<{ items: T[] }>(kc, path(kind))).items;
  const patchStatus = (
    kind: 'HostFirmwareSettings' | 'HostFirmwareComponents',
    name: string,
    status: unknown,
  ) =>
    kubeRequestJson(kc, `${path(kind, name)}/status`, {
      method: 'PATCH',
      query: { fieldManager: FIELD_MANAGER },
      body: { status },
      contentType: 'application/merge-patch+json',
    });

  return {
    /** The firmware objects beside `hosts` (listed after them: a host seen back from cleaning has its settings). */
    async list(hosts: readonly BareMetalHost[]): Promise<LabFirmwareObjects> {
      const [settings, schemas, hardware, components] = await Promise.all([
        list<HostFirmwareSettings>('HostFirmwareSettings'),
        list<FirmwareSchema>('FirmwareSchema'),
        list<HardwareData>('HardwareData'),
        list<HostFirmwareComponents>('HostFirmwareComponents'),
      ]);
      return { hosts, settings, schemas, hardware, components };
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
            await patchStatus('HostFirmwareSettings', write.name, write.status);
            break;
          case 'components-status':
            await patchStatus('HostFirmwareComponents', write.name, write.status);
            break;
        }
      }
    },

    /**
     * The cleaning's firmware steps: the BIOS holds the wanted values and the requested images are
     * flashed (each only when its object awaits a cleaning), and the statuses say so.
     */
    async applyAtCleaning(name: string): Promise<void> {
      const hfc = await kubeRequestJson<HostFirmwareComponents>(
        kc,
        path('HostFirmwareComponents', name),
      ).catch((error: unknown) => {
        if (error instanceof KubeRequestError && error.status === 404) return undefined;
        throw error;
      });
      if (hfc && componentsAwaitCleaning(hfc)) {
        const now = metal3Time();
        await patchStatus('HostFirmwareComponents', name, {
          ...componentsAfterFlash(hfc, now),
          lastUpdated: now,
        });
      }
      const hfs = await kubeRequestJson<HostFirmwareSettings>(kc, path('HostFirmwareSettings', name));
      if (!settingsAwaitCleaning(hfs)) return;
      const schemaName = hfs.status?.schema?.name;
      const schema =
        schemaName === undefined
          ? undefined
          : await kubeRequestJson<FirmwareSchema>(kc, path('FirmwareSchema', schemaName));
      const now = metal3Time();
      const status = labSettingsStatus(hfs, settingsAfterCleaning(hfs), schema, now);
      await patchStatus('HostFirmwareSettings', name, { ...status, lastUpdated: now });
    },
  };
}

export type LabFirmwareClient = ReturnType<typeof labFirmwareClient>;
