import { describe, expect, it } from 'vitest';
import {
  chainScript,
  errorScript,
  installScript,
  localBootScript,
  loopScript,
  wipeScript,
  type InstallParams,
} from './ipxe-scripts';
import { profileFixture } from './boot-profile-fixture';

const base = 'http://10.0.2.2:8080';
const mac = 'aa:bb:cc:dd:ee:ff';

const profile = profileFixture;

const install: InstallParams = {
  base,
  mac,
  token: 'tok123',
  hostname: 'worker-1',
  network: { ip: '10.0.0.21', netmask: '255.255.255.0', gateway: '10.0.0.1' },
  profile: profile('preseed', 'preseed'),
  kubernetesVersion: 'v1.34.4',
  role: 'worker',
};
const SHA = 'ab'.repeat(32);
const callbacks = (token: string) =>
  `rackpilot.token=${token} rackpilot.done=${base}/boot/done?mac=${mac}&token=${token} rackpilot.failed=${base}/boot/failed?mac=${mac}&token=${token} rackpilot.progress=${base}/boot/progress?mac=${mac}&token=${token}`;

describe('iPXE scripts', () => {
  it('chains every client to its own MAC with what iPXE knows about it', () => {
    const script = chainScript(base);
    expect(script.startsWith('#!ipxe\n')).toBe(true);
    expect(script).toContain(
      'chain --autofree http://10.0.2.2:8080/boot/ipxe?mac=${net0/mac}&uuid=${uuid:uristring}&serial=${serial:uristring}&hostname=${hostname:uristring}',
    );
  });

  it('loops unleased hosts back to the boot service after a pause', () => {
    expect(loopScript(base, mac)).toBe(
      [
        '#!ipxe',
        'echo Rackpilot: aa:bb:cc:dd:ee:ff no deployment for this machine yet, asking again in 5 s',
        'sleep 5',
        'chain --autofree http://10.0.2.2:8080/boot/ipxe?mac=aa:bb:cc:dd:ee:ff',
        '',
      ].join('\n'),
    );
  });

  it.each([
    [
      'preseed',
      'auto=true priority=critical locale=en_US.UTF-8 keymap=us url=http://10.0.2.2:8080/boot/config?mac=aa:bb:cc:dd:ee:ff&token=tok123',
    ],
    ['kickstart', 'inst.ks=http://10.0.2.2:8080/boot/config?mac=aa:bb:cc:dd:ee:ff&token=tok123'],
    [
      'cloud-init',
      'autoinstall ds=nocloud-net;s=http://10.0.2.2:8080/boot/config?mac=aa:bb:cc:dd:ee:ff&token=tok123&file=',
    ],
  ] as const)(
    'renders the %s install with kernel, initrd, network, token and callbacks',
    (installer, config) => {
      const script = installScript({ ...install, profile: profile(`my-${installer}`, installer) });
      const lines = script.split('\n');
      expect(lines[0]).toBe('#!ipxe');
      expect(lines[1]).toBe(`echo Rackpilot: installing worker-1 (${mac}) with my-${installer}`);
      expect(lines[2]).toMatch(
        new RegExp(`^kernel ${base}/boot/assets/my-${installer}/vmlinuz initrd=initrd.img `),
      );
      expect(lines[3]).toBe(`initrd ${base}/boot/assets/my-${installer}/initrd.img`);
      expect(lines[4]).toBe('boot');
      expect(script).toContain('hostname=worker-1 ip=10.0.0.21::10.0.0.1:255.255.255.0:worker-1::none');
      expect(script).toContain(config);
      expect(script).toContain(
        ` rackpilot.role=worker rackpilot.kubernetes=v1.34.4 ${callbacks('tok123')}\n`,
      );
    },
  );

  it("puts an initrd= per initrd and the profile's own arguments before ours", () => {
    const script = installScript({
      ...install,
      profile: profile('d12', 'preseed', {
        kernel: 'debian/12/linux',
        initrds: ['debian/12/initrd.gz', 'firmware.cpio.gz'],
        kernelArgs: 'console=ttyS0 quiet keymap=de',
      }),
    });
    // The profile's keymap is the one d-i gets; the language it does not name is still answered.
    expect(script).toContain(' auto=true priority=critical locale=en_US.UTF-8 url=');
    expect(script.split('\n').slice(2, 6)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^kernel ${base}/boot/assets/d12/debian/12/linux initrd=initrd.gz initrd=firmware.cpio.gz console=ttyS0 quiet keymap=de hostname=worker-1 `,
        ),
      ),
      `initrd ${base}/boot/assets/d12/debian/12/initrd.gz`,
      `initrd ${base}/boot/assets/d12/firmware.cpio.gz`,
      'boot',
    ]);
  });

  it.each([
    [
      'a store image, raw, on a named disk',
      { image: 'images/demo.img', imageFormat: 'raw', rootDeviceHints: { deviceName: '/dev/vda' } },
      `rackpilot.image=${base}/boot/assets/img/images/demo.img rackpilot.sha256=${SHA} rackpilot.format=raw rackpilot.disk.path=/dev/vda`,
    ],
    [
      'a URL, zstd, on the first disk of at least 20 GiB',
      {
        image: 'https://images.example.com/os.img.zst',
        imageFormat: 'zstd',
        rootDeviceHints: { minSizeGigabytes: 20 },
      },
      `rackpilot.image=https://images.example.com/os.img.zst rackpilot.sha256=${SHA} rackpilot.format=zstd rackpilot.disk.minGiB=20`,
    ],
    [
      'gzip on the disk with a serial number, no hints',
      { image: 'os.img.gz', imageFormat: 'gzip', rootDeviceHints: { serialNumber: 'S3Z1NX0K' } },
      `rackpilot.image=${base}/boot/assets/img/os.img.gz rackpilot.sha256=${SHA} rackpilot.format=gzip rackpilot.disk.serial=S3Z1NX0K`,
    ],
    [
      'no hints at all',
      { image: 'os.img', imageFormat: 'raw' },
      `rackpilot.image=${base}/boot/assets/img/os.img rackpilot.sha256=${SHA} rackpilot.format=raw`,
    ],
  ] as const)('renders an image install from %s', (_, more, imageArgs) => {
    const script = installScript({
      ...install,
      profile: profile('img', 'image', { imageSha256: SHA, ...more }),
    });
    const kernel = script.split('\n')[2];
    expect(kernel).toBe(
      `kernel ${base}/boot/assets/img/vmlinuz initrd=initrd.img hostname=worker-1 ip=10.0.0.21::10.0.0.1:255.255.255.0:worker-1::none ${imageArgs} ${callbacks('tok123')}`,
    );
    expect(script).not.toContain('/boot/config');
  });

  it.each([
    ['quick', 'quick'],
    ['full', 'full'],
    [null, 'quick'],
  ] as const)('wipes (mode %s) with the wipe profile, its own token and callbacks', (mode, shown) => {
    const script = wipeScript({
      base,
      mac,
      token: 'wipe1',
      profile: profile('wipe', 'wipe', { wipeMode: mode }),
    });
    expect(script.split('\n').slice(2)).toEqual([
      `kernel ${base}/boot/assets/wipe/vmlinuz initrd=initrd.img rackpilot.wipe=${shown} ${callbacks('wipe1')}`,
      `initrd ${base}/boot/assets/wipe/initrd.img`,
      'boot',
      '',
    ]);
  });

  it('boots installed hosts from disk', () => {
    expect(localBootScript(mac)).toContain('\nexit\n');
  });

  it('never lets echoed text inject iPXE syntax', () => {
    const script = errorScript('bad ${net0/mac} || shell # x\nreboot', 'reboot', 10);
    expect(script.split('\n')).toEqual([
      '#!ipxe',
      'echo Rackpilot: bad ?{net0/mac} ?? shell ? x?reboot',
      'sleep 10',
      'reboot',
      '',
    ]);
  });
});
