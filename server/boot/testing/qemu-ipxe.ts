/**
 * Test helper: a QEMU virtual machine whose NIC's iPXE ROM boots from the network with user-mode
 * networking (slirp's 10.0.2.2 is the host's loopback). TCG only, so it works without KVM.
 */
import { execFile, spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);
const QEMU = 'qemu-system-x86_64';
/** The iPXE ROM QEMU loads for virtio-net-pci (Debian's ipxe-qemu). */
const ROMS = [
  '/usr/share/qemu/efi-virtio.rom',
  '/usr/lib/ipxe/qemu/efi-virtio.rom',
  '/usr/share/qemu/pxe-virtio.rom',
];

async function installed(): Promise<string | undefined> {
  try {
    await run(QEMU, ['--version']);
  } catch {
    return `${QEMU} is not installed`;
  }
  for (const rom of ROMS) {
    try {
      await access(rom);
      return undefined;
    } catch {
      // try the next location
    }
  }
  return `no iPXE ROM for virtio-net (${ROMS.join(', ')})`;
}

/** Whether QEMU with the iPXE ROMs can run here, installing them through apt as root on Debian. */
export async function qemuAvailability(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const missing = await installed();
  if (!missing) return { ok: true };
  if (process.getuid?.() !== 0)
    return { ok: false, reason: `${missing}; install qemu-system-x86 and ipxe-qemu (needs root)` };
  try {
    await run('apt-get', ['install', '-y', '--no-install-recommends', 'qemu-system-x86', 'ipxe-qemu'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 10 * 60_000,
    });
  } catch (error) {
    return {
      ok: false,
      reason: `${missing}, and apt-get install qemu-system-x86 ipxe-qemu failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    };
  }
  const still = await installed();
  return still ? { ok: false, reason: still } : { ok: true };
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
