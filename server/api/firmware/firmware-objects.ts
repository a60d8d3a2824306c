import type { Runtime } from '../../runtime';
import { firmwareSchemaResource, type FirmwareSchema } from '../../types/crds/firmware-schema';
import {
  hostFirmwareSettingsResource,
  type HostFirmwareSettings,
} from '../../types/crds/host-firmware-settings';
import type { ObjectRef } from '../object-ref';

/** The kinds whose changes re-render a host's firmware page. */
export const FIRMWARE_RESOURCES = [hostFirmwareSettingsResource, firmwareSchemaResource];

/** A host's HostFirmwareSettings (same name and namespace, as BMO keeps it) and the schema its status names. */
export function firmwareObjects(
  runtime: Runtime,
  host: ObjectRef,
): { hfs: HostFirmwareSettings | undefined; schema: FirmwareSchema | undefined } {
  const hfs = runtime.informers.of(hostFirmwareSettingsResource).get(host.name, host.namespace);
  const ref = hfs?.status?.schema;
  const schema = ref
    ? runtime.informers.of(firmwareSchemaResource).get(ref.name, ref.namespace || host.namespace)
    : undefined;
  return { hfs, schema };
}
