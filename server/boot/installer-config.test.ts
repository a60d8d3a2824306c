import { describe, expect, it } from 'vitest';
import { profileFixture } from './boot-profile-fixture';
import { installerConfig } from './installer-config';
import type { InstallParams } from './ipxe-scripts';

function params(installer: InstallParams['profile']['installer']): InstallParams {
  return {
    base: 'http://10.0.2.2:8080',
    mac: 'aa:bb:cc:dd:ee:ff',
    token: 'tok123',
    hostname: 'worker-1',
    network: { ip: '10.0.0.21', netmask: '255.255.255.0', gateway: '10.0.0.1' },
    profile: profileFixture(installer, installer),
    kubernetesVersion: 'v1.34.4',
    role: 'worker',
  };
}

const done = 'http://10.0.2.2:8080/boot/done?mac=aa:bb:cc:dd:ee:ff&token=tok123';
const failed = 'http://10.0.2.2:8080/boot/failed?mac=aa:bb:cc:dd:ee:ff&token=tok123';

describe('installerConfig', () => {
  const cases = [
    {
      installer: 'preseed',
      contentType: 'text/plain; charset=utf-8',
      first: '# Debian preseed served by Rackpilot',
      host: 'd-i netcfg/get_hostname string worker-1',
    },
    {
      installer: 'kickstart',
      contentType: 'text/plain; charset=utf-8',
      first: '# Kickstart served by Rackpilot',
      host: '--hostname=worker-1',
    },
    {
      installer: 'cloud-init',
      contentType: 'text/cloud-config; charset=utf-8',
      first: '#cloud-config',
      host: '    hostname: worker-1',
    },
  ] as const;
  for (const { installer, contentType, first, host } of cases) {
    it(`answers ${installer} with the host's name and both callbacks`, () => {
      const answers = installerConfig(params(installer));
      expect(answers?.contentType).toBe(contentType);
      const lines = answers?.body.split('\n') ?? [];
      expect(lines[0]).toBe(first);
      expect(answers?.body).toContain(host);
      expect(answers?.body).toContain(done);
      expect(answers?.body).toContain(failed);
    });
  }

  it('escapes the late command for the preseed’s double quotes', () => {
    const late = installerConfig(params('preseed'))
      ?.body.split('\n')
      .find((line) => line.includes('late_command'));
    expect(late).toMatch(/^d-i preseed\/late_command string in-target sh -c ".*"$/);
    expect(late?.slice(late.indexOf('"') + 1, -1)).not.toMatch(/(^|[^\\])"/);
  });

  it('reports installer-started from the preseed’s early command, with the run’s token', () => {
    expect(installerConfig(params('preseed'))?.body).toContain(
      "d-i preseed/early_command string wget -q -O /dev/null --post-data=installer=debian-installer 'http://10.0.2.2:8080/boot/progress?mac=aa:bb:cc:dd:ee:ff&token=tok123&step=installer-started' || true\n",
    );
  });

  it('has no answers for image and wipe profiles, which fetch none', () => {
    expect(installerConfig(params('image'))).toBeUndefined();
    expect(installerConfig(params('wipe'))).toBeUndefined();
  });
});
