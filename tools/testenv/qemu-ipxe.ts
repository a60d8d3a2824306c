/**
 * Test helper: a QEMU virtual machine whose NIC's iPXE ROM boots from the network with user-mode
 * networking (slirp's 10.0.2.2 is the host's loopback). TCG only, so it works without KVM.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { IPXE_ROMS } from './ensure-test-packages';
import { promisify } from 'node:util';

const run = promisify(execFile);
const QEMU = 'qemu-system-x86_64';

/** What is missing to run QEMU with the iPXE ROM for virtio-net (Debian's qemu-system-x86 and ipxe-qemu). */
export async function missingQemu(): Promise<string | undefined> {
  try {
    await run(QEMU, ['--version']);
  } catch {
    return `${QEMU} is not installed (Debian: qemu-system-x86)`;
  }
  return IPXE_ROMS.some((rom) => existsSync(rom))
    ? undefined
    : `no iPXE ROM for virtio-net (${IPXE_ROMS.join(', ')}; Debian: ipxe-qemu)`;
}

export interface QemuVm {
  output(): string;
  stop(): Promise<void>;
}

export function runQemuIpxe(options: { mac: string; bootfile: string }): QemuVm {
  const child = spawn(
    QEMU,
    [
      '-accel',
      'tcg',
      '-m',
      '256',
      '-nographic',
      '-nodefaults',
      '-serial',
      'stdio',
      '-netdev',
      `user,id=n0,bootfile=${options.bootfile}`,
      '-device',
      `virtio-net-pci,netdev=n0,mac=${options.mac}`,
      '-boot',
      'n',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return {
    output: () => log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
