/**
 * Test helper: a QEMU virtual machine that boots from the network through its NIC's iPXE ROM, or a given
 * kernel and initrd, with user-mode networking (slirp's 10.0.2.2 is the host's loopback). TCG only, so it
 * works without KVM.
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
  /** Resolves when QEMU exits by itself (the guest powered off, or rebooted under `-no-reboot`). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * How the VM boots: from the network through the NIC's iPXE ROM (slirp's TFTP/HTTP `bootfile`), or a
 * kernel and initrd given to QEMU directly with their command line (what an iPXE script's `kernel`,
 * `initrd` and `boot` lines amount to).
 */
export type QemuBoot = { bootfile: string } | { kernel: string; initrd: string; append: string };

/** A disk image file, with the serial number the guest sees (/sys/block/vdX/serial) when given. */
export type QemuDisk = string | { file: string; serial: string };

function diskArguments(disk: QemuDisk, index: number): string[] {
  const { file, serial } = typeof disk === 'string' ? { file: disk, serial: undefined } : disk;
  return [
    '-drive',
    `file=${file},format=raw,if=none,id=disk${index}`,
    '-device',
    `virtio-blk-pci,drive=disk${index}${serial ? `,serial=${serial}` : ''}`,
  ];
}

export interface QemuOptions {
  mac: string;
  boot: QemuBoot;
  /** Raw disk image files, attached as virtio disks in order (/dev/vda, /dev/vdb, … in the guest). */
  disks?: QemuDisk[];
  /** QEMU exits when the guest reboots instead of booting again: an installer's run is one boot. */
  exitOnReboot?: boolean;
  /** Guest memory, 256 MiB unless given: Debian's installer unpacks a 130 MB initrd into RAM. */
  memoryMiB?: number;
}

function bootArguments(boot: QemuBoot): string[] {
  if ('bootfile' in boot) return ['-boot', 'n'];
  return ['-kernel', boot.kernel, '-initrd', boot.initrd, '-append', boot.append];
}

export function runQemu(options: QemuOptions): QemuVm {
  const bootfile = 'bootfile' in options.boot ? `,bootfile=${options.boot.bootfile}` : '';
  const child = spawn(
    QEMU,
    [
      '-accel',
      'tcg',
      '-m',
      String(options.memoryMiB ?? 256),
      '-nographic',
      '-nodefaults',
      '-serial',
      'stdio',
      '-netdev',
      `user,id=n0${bootfile}`,
      '-device',
      `virtio-net-pci,netdev=n0,mac=${options.mac}`,
      ...(options.disks ?? []).flatMap(diskArguments),
      ...(options.exitOnReboot ? ['-no-reboot'] : []),
      ...bootArguments(options.boot),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    output: () => log,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function runQemuIpxe(options: { mac: string; bootfile: string }): QemuVm {
  return runQemu({ mac: options.mac, boot: { bootfile: options.bootfile } });
}
