import { describe, expect, it } from 'vitest';
import { installerCommandLine, kernelArgumentsOf } from './installer-vm';

const base = 'http://10.0.2.2:8080';
const callbacks = (mac: string, token: string) =>
  [
    `rackpilot.token=${token}`,
    `rackpilot.done=${base}/boot/done?mac=${mac}&token=${token}`,
    `rackpilot.failed=${base}/boot/failed?mac=${mac}&token=${token}`,
  ].join(' ');
const script = (args: string) =>
  ['#!ipxe', 'echo Rackpilot: wiping', `kernel ${base}/boot/assets/wipe/vmlinuz ${args}`, 'boot', ''].join(
    '\n',
  );

describe('installerCommandLine', () => {
  it("adds the contract's arguments the script lacks, the progress URL beside the done URL", () => {
    const line = installerCommandLine(script(`initrd=initrd.img rackpilot.wipe=1 ${callbacks('m', 't')}`), {
      'rackpilot.wipe': 'quick',
    });
    expect(line.split(' ')).toEqual([
      'console=ttyS0',
      'initrd=initrd.img',
      ...callbacks('m', 't').split(' '),
      `rackpilot.progress=${base}/boot/progress?mac=m&token=t`,
      'rackpilot.wipe=quick',
    ]);
  });

  it("keeps a progress URL the script already has (the full contract's scripts)", () => {
    const progress = `rackpilot.progress=${base}/boot/progress?mac=m&token=t&x=1`;
    const line = installerCommandLine(script(`${callbacks('m', 't')} ${progress}`), {});
    expect(line.split(' ').filter((word) => word.startsWith('rackpilot.progress='))).toEqual([progress]);
  });

  it('refuses a script without a kernel line or callbacks', () => {
    expect(() => kernelArgumentsOf('#!ipxe\nexit\n')).toThrow(/no kernel line/);
    expect(() => installerCommandLine(script('quiet'), {})).toThrow(/no rackpilot.done/);
  });
});
