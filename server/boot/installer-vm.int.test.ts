// The installer environment (tools/boot-env) in a QEMU VM against the real server: a machine claimed
// through the console's tRPC calls gets its install script from the boot service, the VM boots the
// Debian kernel and initramfs with that script's arguments, writes the demo image to its disk and
// reports done; failures end Failed with their reason; a released machine's disks are wiped. Nothing
// here POSTs a callback: every done and failed comes from the VM.
import { randomBytes } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, open, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBootEnvironment, type BootEnvironment } from '../../tools/boot-env/build-boot-env';
import { DEMO_MARKER, sha256Of } from '../../tools/boot-env/demo-image';
import { bootRequest } from '../../tools/testenv/boot-client';
import { eventually } from '../../tools/testenv/eventually';
import { installerCommandLine, serveStatic, type StaticServer } from '../../tools/testenv/installer-vm';
import {
  QEMU_HOST as HOST,
  startInstallerVmConsole,
  type InstallerVmConsole,
} from '../../tools/testenv/installer-vm-console';
import { missingQemu, runQemu, type QemuDisk } from '../../tools/testenv/qemu-ipxe';
import { kubeRequestJson } from '../kube/kube-request';
import { collectionPath } from '../kube/resource';
import type { HardwareRow } from '../schemas/hardware-list';
import { plunderMachineResource, type PlunderMachine } from '../types/crds';

const execute = promisify(execFile);
const run = randomBytes(3).toString('hex');
const MIB = 1024 * 1024;
/** One VM run (boot, install, report) takes 15–30 s under TCG on two cores; generous for a busy machine. */
const VM_TIMEOUT_MS = 150_000;

const macOf = (index: number) =>
  `52:54:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:${index.toString(16).padStart(2, '0')}`;

let env: BootEnvironment;
let rp: InstallerVmConsole;
let images: StaticServer;
let work: string;
/** What afterAll undoes, last made first. */
const cleanups: (() => Promise<unknown>)[] = [];

const imageUrl = (file: string) => `http://${HOST}:${images.port}/${file}`;

const hardwareRow = (mac: string): Promise<HardwareRow | undefined> => rp.hardwareRow(mac);

async function machine(name: string): Promise<PlunderMachine> {
  return kubeRequestJson<PlunderMachine>(
    rp.kc,
    `${collectionPath(plunderMachineResource, rp.namespace)}/${name}`,
  );
}

/** A blank disk of `mib` MiB, or one filled with a pattern when `filled` (to tell "left as found"). */
async function diskFile(name: string, mib: number, filled = false): Promise<string> {
  const path = join(work, name);
  if (filled) await writeFile(path, Buffer.alloc(mib * MIB, `${name} as found `));
  else await (await open(path, 'w')).close().then(() => truncate(path, mib * MIB));
  return path;
}

/**
 * Makes the MAC known (one boot request from loopback, as the VM's iPXE would), provisions it through
 * tRPC into a cluster of its own on QEMU's network, and takes the install script it is then served.
 */
async function claim(mac: string, name: string, installRetries?: number): Promise<string> {
  await rp.provision(mac, name, { installRetries });
  return rp.script(mac, 'install');
}

/**
 * Boots the installer with the script's arguments plus `extra`, until the VM reboots (QEMU exits). The
 * kernel and initrd are given to QEMU directly; once the boot service serves them (profiles and assets),
 * `boot: { bootfile }` runs the whole chain instead: iPXE, the script, the kernel and initrd over HTTP.
 */
async function bootInstaller(
  mac: string,
  script: string,
  extra: Record<string, string>,
  disks: QemuDisk[],
): Promise<string> {
  const vm = runQemu({
    mac,
    boot: { kernel: env.kernel, initrd: env.initrd, append: installerCommandLine(script, extra) },
    disks,
    exitOnReboot: true,
  });
  const timer = setTimeout(() => void vm.stop(), VM_TIMEOUT_MS);
  try {
    await vm.exited;
  } finally {
    clearTimeout(timer);
  }
  const console = vm.output();
  expect(console, 'the VM did not finish within its time').toContain('rackpilot: rebooting');
  return console;
}

beforeAll(async () => {
  expect(await missingQemu()).toBeUndefined();
  env = await ensureBootEnvironment((line) => console.log(`[boot-env] ${line}`));
  work = await mkdtemp(join(tmpdir(), 'rackpilot-installer-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  images = await serveStatic(dirname(env.demo.raw), ['demo.img', 'demo.img.gz', 'demo.img.zst']);
  cleanups.push(() => images.close());
  rp = await startInstallerVmConsole('installer', join(work, 'assets'));
  cleanups.push(() => rp.close());
}, 600_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}, 60_000);

/** A failing install: its disk (`mib`, with a serial number and a larger decoy before it when given). */
interface FailureCase {
  case: string;
  index: number;
  mib: number;
  serial?: string;
  extra: () => Record<string, string>;
  step: string;
  reason: () => RegExp;
  untouched: boolean;
}

/** The failure as the machine and the list show it: the step the installer named, then its reason. */
function failedAt(failure: FailureCase): RegExp {
  return new RegExp(`^${failure.step}: ${failure.reason().source}`);
}

describe('the installer environment in a VM', () => {
  const installed = { mac: macOf(1), name: 'installed', disk: '', partitioned: '' };

  it('writes the demo image (gzip) to the first disk without partitions, verifies it, and the machine is Provisioned', async () => {
    // A disk holding a partition table first: without hints the installer must pass it by.
    installed.partitioned = await diskFile('partitioned.raw', 24);
    execFileSync('sfdisk', ['-q', installed.partitioned], { input: 'label: gpt\n,8M\n,\n' });
    const partitionTable = await sha256Of(installed.partitioned);
    installed.disk = await diskFile('installed.raw', 24);
    const script = await claim(installed.mac, installed.name);
    const console = await bootInstaller(
      installed.mac,
      script,
      {
        'rackpilot.image': imageUrl('demo.img.gz'),
        'rackpilot.sha256': env.demo.sha256,
        'rackpilot.format': 'gzip',
      },
      [installed.partitioned, installed.disk],
    );
    expect(console).toContain('rackpilot: disk-chosen path=/dev/vdb');
    expect(console).toContain(`rackpilot: verified sha256=${env.demo.sha256}`);
    await eventually(
      async () => expect((await hardwareRow(installed.mac))?.state).toBe('provisioned'),
      30_000,
    );
    await eventually(async () => expect((await machine(installed.name)).status?.phase).toBe('Provisioned'));
    const disk = await readFile(installed.disk);
    expect(disk.indexOf(DEMO_MARKER)).toBeGreaterThan(0);
    const written = join(work, 'written.img');
    await writeFile(written, disk.subarray(0, env.demo.bytes));
    expect(await sha256Of(written)).toBe(env.demo.sha256);
    expect(await sha256Of(installed.partitioned)).toBe(partitionTable);
    // The boot service now sends it to its disk.
    expect((await bootRequest(`${rp.server.url}/boot/ipxe?mac=${installed.mac}`)).kind).toBe('local');
  }, 240_000);

  it.each([
    {
      case: 'an image URL that 404s',
      index: 2,
      mib: 24,
      extra: () => ({ 'rackpilot.image': imageUrl('missing.img'), 'rackpilot.sha256': env.demo.sha256 }),
      step: 'download',
      reason: () => /image not available: .*404/,
      untouched: true,
    },
    {
      // Named by its serial number behind a larger disk the installer would take without the hint.
      case: 'a disk smaller than the image',
      index: 3,
      mib: 2,
      serial: 'rp-small-disk',
      extra: () => ({
        'rackpilot.image': imageUrl('demo.img'),
        'rackpilot.sha256': env.demo.sha256,
        'rackpilot.disk.serial': 'rp-small-disk',
      }),
      step: 'disk-chosen',
      reason: () =>
        new RegExp(`disk too small: /dev/vdb has ${2 * MIB} bytes, the image needs ${env.demo.bytes}$`),
      untouched: true,
    },
    {
      case: 'a checksum mismatch (zstd)',
      index: 4,
      mib: 24,
      extra: () => ({
        'rackpilot.image': imageUrl('demo.img.zst'),
        'rackpilot.format': 'zstd',
        'rackpilot.sha256': 'ab'.repeat(32),
      }),
      step: 'verified',
      reason: () =>
        new RegExp(`checksum mismatch: the image is ${env.demo.sha256}, expected ${'ab'.repeat(32)}$`),
      untouched: false,
    },
  ] satisfies FailureCase[])(
    '$case ends Failed with the step and reason',
    async (failure) => {
      const mac = macOf(failure.index);
      const name = `failing-${failure.index}`;
      // A blank disk looks "without partitions" whatever it holds; the pattern shows whether it was written.
      const disk = await diskFile(`${name}.raw`, failure.mib, true);
      const before = await sha256Of(disk);
      const decoy = failure.serial ? await diskFile(`${name}-decoy.raw`, 24, true) : undefined;
      const decoyBefore = decoy ? await sha256Of(decoy) : undefined;
      const script = await claim(mac, name, 0);
      const disks = decoy && failure.serial ? [decoy, { file: disk, serial: failure.serial }] : [disk];
      const console = await bootInstaller(mac, script, failure.extra(), disks);
      expect(console).toContain(`rackpilot: FAILED at ${failure.step}: `);
      await eventually(async () => {
        const row = await hardwareRow(mac);
        expect(row?.state).toBe('failed');
        expect(row?.failureMessage).toMatch(failedAt(failure));
      }, 30_000);
      await eventually(async () => {
        const status = (await machine(name)).status;
        expect(status?.phase).toBe('Failed');
        expect(status?.failureMessage).toMatch(failedAt(failure));
      });
      if (failure.untouched) expect(await sha256Of(disk)).toBe(before);
      if (decoy) expect(await sha256Of(decoy)).toBe(decoyBefore);
    },
    240_000,
  );

  it(
    'through iPXE: our script, the kernel and initrd from the asset route, the image from the store → Provisioned',
    async () => {
      const assets = join(work, 'assets');
      await mkdir(join(assets, 'demo'), { recursive: true });
      await copyFile(env.kernel, join(assets, 'demo', 'vmlinuz'));
      await copyFile(env.initrd, join(assets, 'demo', 'initrd.img'));
      await copyFile(env.demo.gzip, join(assets, 'demo', 'demo.img.gz'));
      const saved = await rp.admin.mutate('bootProfiles.save', {
        name: 'demo-image',
        installer: 'image',
        kernel: 'demo/vmlinuz',
        initrds: ['demo/initrd.img'],
        kernelArgs: 'console=ttyS0',
        image: 'demo/demo.img.gz',
        imageFormat: 'gzip',
        imageSha256: env.demo.sha256,
      });
      expect(saved.error).toBeUndefined();
      const mac = macOf(5);
      const disk = await diskFile('ipxe.raw', 24);
      await rp.provision(mac, 'via-ipxe', { profile: 'demo-image', installRetries: 0 });
      const vm = runQemu({
        mac,
        boot: { bootfile: `${rp.bootUrl}/boot.ipxe` },
        disks: [disk],
        exitOnReboot: true,
      });
      const timer = setTimeout(() => void vm.stop(), VM_TIMEOUT_MS * 2);
      try {
        await vm.exited;
      } finally {
        clearTimeout(timer);
      }
      expect(vm.output(), 'the VM did not finish within its time').toContain('rackpilot: rebooting');
      await eventually(
        async () => expect((await machine('via-ipxe')).status?.phase).toBe('Provisioned'),
        30_000,
      );
      expect((await hardwareRow(mac))?.state).toBe('provisioned');
      const written = join(work, 'written-via-ipxe.img');
      await writeFile(written, (await readFile(disk)).subarray(0, env.demo.bytes));
      expect(await sha256Of(written)).toBe(env.demo.sha256);
    },
    2 * VM_TIMEOUT_MS + 60_000,
  );

  it('release: the next boot wipes every disk (quick), their signatures are gone, and the MAC is unleased', async () => {
    const other = installed.partitioned;
    expect(await signatures(other)).toEqual(expect.arrayContaining(['gpt', 'PMBR']));
    expect(await signatures(installed.disk)).toContain('ext2');
    const released = await rp.admin.mutate('hardware.release', {
      namespace: rp.namespace,
      name: installed.name,
    });
    expect(released.error).toBeUndefined();
    const script = await rp.script(installed.mac, 'wipe');
    const console = await bootInstaller(installed.mac, script, { 'rackpilot.wipe': 'quick' }, [
      other,
      installed.disk,
    ]);
    expect(console).toContain('rackpilot: wiped disk=/dev/vda');
    expect(console).toContain('rackpilot: wiped disk=/dev/vdb');
    await eventually(async () => expect((await hardwareRow(installed.mac))?.state).toBe('wiped'), 30_000);
    expect(await signatures(installed.disk)).toEqual([]);
    expect(await signatures(other)).toEqual([]);
    // The machine's next boot (from its address, as its iPXE would) confirms the wipe: back in the pool.
    expect((await rp.client.boot(installed.mac)).kind).toBe('loop');
    await eventually(async () => expect((await hardwareRow(installed.mac))?.state).toBe('unleased'));
  }, 240_000);
});

/** The signature types wipefs finds on a disk image file (partition tables, file systems). */
async function signatures(file: string): Promise<string[]> {
  const { stdout } = await execute('wipefs', ['--noheadings', '--output', 'TYPE', file]);
  return stdout.split('\n').filter(Boolean);
}
