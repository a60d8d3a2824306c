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

const base = 'http://10.0.2.2:8080';
const mac = 'aa:bb:cc:dd:ee:ff';
const install: InstallParams = {
  base,
  mac,
  token: 'tok123',
  hostname: 'worker-1',
  network: { ip: '10.0.0.21', netmask: '255.255.255.0', gateway: '10.0.0.1' },
  profile: 'preseed',
  kubernetesVersion: 'v1.34.4',
  role: 'worker',
};

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
      'auto=true priority=critical url=http://10.0.2.2:8080/boot/config?mac=aa:bb:cc:dd:ee:ff&token=tok123',
    ],
    ['kickstart', 'inst.ks=http://10.0.2.2:8080/boot/config?mac=aa:bb:cc:dd:ee:ff&token=tok123'],
    [
      'cloud-init',
      'autoinstall ds=nocloud-net;s=http://10.0.2.2:8080/boot/config?mac=aa:bb:cc:dd:ee:ff&token=tok123&file=',
    ],
  ] as const)(
    'renders the %s install with kernel, initrd, network, token and callbacks',
    (profile, config) => {
      const script = installScript({ ...install, profile });
      const lines = script.split('\n');
      expect(lines[0]).toBe('#!ipxe');
      expect(lines[2]).toMatch(
        new RegExp(`^kernel ${base}/boot/assets/${profile}/vmlinuz initrd=initrd.img `),
      );
      expect(lines[3]).toBe(`initrd ${base}/boot/assets/${profile}/initrd.img`);
      expect(lines[4]).toBe('boot');
      expect(script).toContain('hostname=worker-1 ip=10.0.0.21::10.0.0.1:255.255.255.0:worker-1::none');
      expect(script).toContain(config);
      expect(script).toContain(`rackpilot.done=${base}/boot/done?mac=${mac}&token=tok123`);
      expect(script).toContain(`rackpilot.failed=${base}/boot/failed?mac=${mac}&token=tok123`);
    },
  );

  it('wipes with its own token and callbacks', () => {
    const script = wipeScript({ base, mac, token: 'wipe1' });
    expect(script).toContain(
      `kernel ${base}/boot/assets/wipe/vmlinuz initrd=initrd.img rackpilot.wipe=1 rackpilot.token=wipe1`,
    );
    expect(script).toContain(`rackpilot.done=${base}/boot/done?mac=${mac}&token=wipe1`);
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
