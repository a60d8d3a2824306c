// The four Metal3 firmware kinds are served where baremetal-operator's clients look for them: same group,
// version, plural and scope as its CRDs, so Rackpilot and a real BMO read and write the same objects.
import { describe, expect, it } from 'vitest';
import { collectionPath } from '../server/kube/resource';
import {
  firmwareSchemaResource,
  hardwareDataResource,
  hostFirmwareComponentsResource,
  hostFirmwareSettingsResource,
} from '../server/types/crds';

describe('Metal3 firmware kinds: the paths BMO uses', () => {
  it.each([
    ['HostFirmwareSettings', hostFirmwareSettingsResource, 'hostfirmwaresettings'],
    ['FirmwareSchema', firmwareSchemaResource, 'firmwareschemas'],
    ['HardwareData', hardwareDataResource, 'hardwaredata'],
    ['HostFirmwareComponents', hostFirmwareComponentsResource, 'hostfirmwarecomponents'],
  ] as const)('%s', (kind, resource, plural) => {
    expect(resource).toEqual({ group: 'metal3.io', version: 'v1alpha1', plural, kind, namespaced: true });
    expect(collectionPath(resource, 'lab')).toBe(`/apis/metal3.io/v1alpha1/namespaces/lab/${plural}`);
  });
});
