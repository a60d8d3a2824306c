// A machine that loses power mid-download, in a QEMU VM against the real server: the installer has
// reported the download under way, the VM is then stopped (power off), no done or failed ever comes,
// and the machine ends Failed at the install timeout (the shortest the configuration allows, a minute).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBootEnvironment, type BootEnvironment } from '../../tools/boot-env/build-boot-env';
import { eventually } from '../../tools/testenv/eventually';
import { installerCommandLine, serveStalled, type StaticServer } from '../../tools/testenv/installer-vm';
import {
  QEMU_HOST,
  startInstallerVmConsole,
  type InstallerVmConsole,
} from '../../tools/testenv/installer-vm-console';
import { missingQemu, runQemu } from '../../tools/testenv/qemu-ipxe';
import { kubeRequestJson } from '../kube/kube-request';
import { collectionPath } from '../kube/resource';
import { plunderMachineResource, type PlunderMachine } from '../types/crds';

const run = randomBytes(3).toString('hex');
const MAC = `52:54:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:71`;
const INSTALL_TIMEOUT_MS = 60_000;
/** What the image server sends before it stalls: enough for the installer's first progress report. */
const SENT_BYTES = 256 * 1024;

let env: BootEnvironment;
let rp: InstallerVmConsole;
let image: StaticServer;
let work: string;

beforeAll(async () => {
  expect(await missingQemu()).toBeUndefined();
  env = await ensureBootEnvironment((line) => console.log(`[boot-env] ${line}`));
  work = await mkdtemp(join(tmpdir(), 'rackpilot-install-timeout-'));
  image = await serveStalled(env.demo.raw, 'demo.img', SENT_BYTES);
  rp = await startInstallerVmConsole('install-timeout', join(work, 'assets'), {
    RACKPILOT_INSTALL_TIMEOUT_MS: String(INSTALL_TIMEOUT_MS),
  });
}, 600_000);

afterAll(async () => {
  await rp.close();
  await image.close();
  await rm(work, { recursive: true, force: true });
}, 60_000);

describe('a machine powered off mid-download', () => {
  it('ends Failed at the install timeout, in the hardware list and on its PlunderMachine', async () => {
    await rp.provision(MAC, 'powered-off', { installRetries: 0 });
    const script = await rp.script(MAC, 'install');
    const disk = join(work, 'disk.raw');
    await writeFile(disk, Buffer.alloc(24 * 1024 * 1024));
    const vm = runQemu({
      mac: MAC,
      boot: {
        kernel: env.kernel,
        initrd: env.initrd,
        append: installerCommandLine(script, {
          'rackpilot.image': `http://${QEMU_HOST}:${image.port}/demo.img`,
          'rackpilot.sha256': env.demo.sha256,
        }),
      },
      disks: [disk],
      exitOnReboot: true,
    });
    try {
      await eventually(() => expect(vm.output()).toMatch(/rackpilot: download bytes=\d+/), 150_000, 1_000);
      expect((await rp.hardwareRow(MAC))?.state).toBe('provisioning');
    } finally {
      await vm.stop();
    }
    expect(vm.output()).not.toContain('rackpilot: FAILED');
    const failed = await eventually(
      async () => {
        const row = await rp.hardwareRow(MAC);
        expect(row?.state).toBe('failed');
        return row;
      },
      INSTALL_TIMEOUT_MS + 90_000,
      2_000,
    );
    expect(failed?.failureReason).toBe('InstallTimeout');
    // The last step the installer reported leads the message, as in a failure it reports itself.
    expect(failed?.failureMessage).toBe(
      'download: no callback within 1 min: the host vanished or the installer hung',
    );
    await eventually(async () => {
      const machine = await kubeRequestJson<PlunderMachine>(
        rp.kc,
        `${collectionPath(plunderMachineResource, rp.namespace)}/powered-off`,
      );
      expect(machine.status?.phase).toBe('Failed');
      expect(machine.status?.failureMessage).toBe(failed?.failureMessage);
    }, 30_000);
  }, 600_000);
});
