import type { Runtime } from '../../runtime';
import { firmwareSchemaResource, type FirmwareSchema } from '../../types/crds/firmware-schema';
import {
  hostFirmwareComponentsResource,
  type HostFirmwareComponents,
} from '../../types/crds/host-firmware-components';
import {
  hostFirmwareSettingsResource,
  type HostFirmwareSettings,
} from '../../types/crds/host-firmware-settings';
import type { ObjectRef } from '../object-ref';

/** The kinds whose changes re-render a host's firmware page. */
export const FIRMWARE_RESOURCES = [
  hostFirmwareSettingsResource,
  firmwareSchemaResource,
  hostFirmwareComponentsResource,
];

/**
 * A host's HostFirmwareSettings and HostFirmwareComponents (same name and namespace as the host, as BMO
 * keeps them) and the schema the settings' status names.
 */
export function firmwareObjects(
  runtime: Runtime,
  host: ObjectRef,
): {
  hfs: HostFirmwareSettings | undefined;
  schema: FirmwareSchema | undefined;
  hfc: HostFirmwareComponents | undefined;
} {
  const hfs = runtime.informers.of(hostFirmwareSettingsResource).get(host.name, host.namespace);
  const ref = hfs?.status?.schema;
  const schema = ref
    ? runtime.informers.of(firmwareSchemaResource).get(ref.name, ref.namespace || host.namespace)
    : undefined;
  const hfc = runtime.informers.of(hostFirmwareComponentsResource).get(host.name, host.namespace);
  return { hfs, schema, hfc };
}
