import { describe, expect, it } from 'vitest';
import { DEBIAN_INSTALLER_PACKAGE, installerIn } from './debian-installer';

describe('installerIn', () => {
  it.each([
    ['20230607+deb12u15', `${DEBIAN_INSTALLER_PACKAGE}_20230607+deb12u15`],
    ['1:2.0~rc1/../x', `${DEBIAN_INSTALLER_PACKAGE}_1_2.0_rc1_.._x`],
  ])('keeps version %s in its own folder of the cache, named safely', (version, folder) => {
    expect(installerIn('/cache', version)).toEqual({
      dir: `/cache/debian-installer/${folder}`,
      kernel: `/cache/debian-installer/${folder}/linux`,
      initrd: `/cache/debian-installer/${folder}/initrd.gz`,
      version,
    });
  });
});
