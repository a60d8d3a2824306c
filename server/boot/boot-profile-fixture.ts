/** A boot profile as the database returns it, for the pure tests of what is built from one. */
import type { BootProfile } from './boot-profiles-db';

export function profileFixture(
  name: string,
  installer: BootProfile['installer'],
  more: Partial<BootProfile> = {},
): BootProfile {
  return {
    name,
    installer,
    kernel: 'vmlinuz',
    initrds: ['initrd.img'],
    kernelArgs: '',
    image: null,
    imageSha256: null,
    imageFormat: null,
    imageBytes: null,
    rootDeviceHints: null,
    wipeMode: null,
    files: [],
    updatedAt: new Date(0),
    updatedBy: null,
    ...more,
  };
}
